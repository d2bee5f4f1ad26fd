//! Export, import and salvage: the store as JSON lines, the audit and backup format.

use std::io::{BufRead, Write};
use std::path::Path;

use crate::error::{CoreError, Result};
use crate::event::wire::{self, LineError};
use crate::store::{journal, keys, storage, Origin, Store};

/// What an import did.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct ImportReport {
    pub added: usize,
    pub duplicates: usize,
    pub refused: Vec<LineError>,
}

/// What a salvage recovered.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct SalvageReport {
    /// Events written out.
    pub events: usize,
    /// Journal lines that could not be read.
    pub unreadable: Vec<LineError>,
    /// Whether the sled part could be opened to add events the journal lacked.
    pub sled_readable: bool,
}

const IMPORT_BATCH: usize = 1_000;

impl Store {
    /// Writes every event, in arrival order, exactly as stored (one JSON line each); an event
    /// whose journal line is corrupt is left out and listed by [`Store::corrupt_lines`].
    pub fn export(&self, out: &mut impl Write) -> Result<usize> {
        self.export_until(u64::MAX, out)
    }

    /// [`Store::export`] of the events numbered up to `until` (a backup's point).
    pub fn export_until(&self, until: u64, out: &mut impl Write) -> Result<usize> {
        let mut n = 0;
        self.for_each_log(0, until, |_, seq, entry| {
            let Some(id) = keys::id_suffix(entry) else { return Ok(std::ops::ControlFlow::Continue(())) };
            // Under another number: a cut-short batch's entry, the event is logged again later.
            if let Some(v) = self.primaries.value(&self.db, &id)?.filter(|v| keys::u64_of(v) == Some(seq)) {
                match self.stored_line(&id, &v) {
                    Ok((_, line)) => {
                        out.write_all(&line).map_err(storage)?;
                        out.write_all(b"\n").map_err(storage)?;
                        n += 1;
                    }
                    // Never written out as an event; the caller lists `corrupt_lines`.
                    Err(CoreError::JournalCorrupt { .. }) => {}
                    Err(e) => return Err(e),
                }
            }
            Ok(std::ops::ControlFlow::Continue(()))
        })?;
        out.flush().map_err(storage)?;
        Ok(n)
    }

    /// Reads JSON lines and stores every event that decodes (see [`import`]).
    pub fn import(&self, input: impl BufRead) -> Result<ImportReport> {
        import(self, input)
    }

    /// Exports what can be read from a store that will not open: every readable journal line,
    /// plus, if sled still opens, events it has that the journal lacks. Never writes to `dir`.
    pub fn salvage(dir: &Path, out: &mut impl Write) -> Result<SalvageReport> {
        let mut report = SalvageReport::default();
        let scan = journal::read_only(dir).map_err(|e| CoreError::Damaged {
            message: format!("cannot read the journal in {}: {e}", dir.display()),
        })?;
        let mut seen = std::collections::HashSet::new();
        for c in &scan.corrupt {
            let file = journal::segment_path(dir, c.at.segment);
            let e = CoreError::JournalCorrupt { file: file.display().to_string(), offset: c.at.offset, event: None };
            report.unreadable.push(LineError { line: c.line, code: e.code(), message: e.to_string() });
        }
        for l in scan.lines {
            match wire::decode(&l.text) {
                Ok(e) if seen.insert(e.id) => {
                    out.write_all(l.text.as_bytes()).map_err(storage)?;
                    out.write_all(b"\n").map_err(storage)?;
                    report.events += 1;
                }
                Ok(_) => {}
                Err(e) => report.unreadable.push(LineError { line: l.line, code: e.code(), message: e.to_string() }),
            }
        }
        // If sled opens at all (it will not while the app holds it), add what the journal lacks.
        if let Ok(db) = super::open_sled(&dir.join("sled"), 8 << 20) {
            report.sled_readable = true;
            for item in db.scan_prefix([keys::EVENT]) {
                let Ok((_, v)) = item else { continue };
                // Only a store from before layout 4 keeps lines in sled; later, sled only knows
                // where they are in the journal, already read above.
                let Some((_, keys::Stored::Line(line))) = keys::stored(&v) else { continue };
                let text = String::from_utf8_lossy(line).into_owned();
                if let Ok(e) = wire::decode(&text) {
                    if seen.insert(e.id) {
                        out.write_all(text.as_bytes()).map_err(storage)?;
                        out.write_all(b"\n").map_err(storage)?;
                        report.events += 1;
                    }
                }
            }
        }
        out.flush().map_err(storage)?;
        Ok(report)
    }
}

/// Reads JSON lines into any store, storing every event that decodes (as received, not into an
/// outbox), one durable batch per thousand lines. Bad lines are reported; the rest still count.
pub fn import(store: &dyn super::EventStore, input: impl BufRead) -> Result<ImportReport> {
    let mut report = ImportReport::default();
    let mut batch = Vec::with_capacity(IMPORT_BATCH);
    let mut lines_of_batch = Vec::with_capacity(IMPORT_BATCH);
    for (i, line) in input.lines().enumerate() {
        let line = line.map_err(storage)?;
        if line.trim().is_empty() {
            continue;
        }
        // Kept as written, so an export imported again exports the same bytes.
        match wire::Lined::decode(&line) {
            Ok(e) => {
                batch.push(e);
                lines_of_batch.push(i + 1);
            }
            Err(e) => report.refused.push(LineError { line: i + 1, code: e.code(), message: e.to_string() }),
        }
        if batch.len() == IMPORT_BATCH {
            import_batch(store, &mut batch, &mut lines_of_batch, &mut report)?;
        }
    }
    import_batch(store, &mut batch, &mut lines_of_batch, &mut report)?;
    Ok(report)
}

fn import_batch(
    store: &dyn super::EventStore,
    batch: &mut Vec<wire::Lined>,
    lines: &mut Vec<usize>,
    report: &mut ImportReport,
) -> Result<()> {
    if batch.is_empty() {
        return Ok(());
    }
    for (result, line) in store.append_lined(std::mem::take(batch), Origin::Remote)?.into_iter().zip(lines.iter()) {
        match result {
            Ok(super::Appended::New(_)) => report.added += 1,
            Ok(super::Appended::Duplicate(_)) => report.duplicates += 1,
            Err(e) => report.refused.push(LineError { line: *line, code: e.code(), message: e.to_string() }),
        }
    }
    lines.clear();
    Ok(())
}
