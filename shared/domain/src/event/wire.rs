//! The JSON wire format: one event per line (JSONL). It is the sync format and the audit
//! export, documented in `docs/events.md`. Decoding reports the exact field that is wrong.

use serde_json::Value;

use crate::error::{DomainError, Result};
use crate::event::envelope::{Event, SCHEMA_VERSION};

/// Just the schema field, read before anything else so that a newer event is refused as such
/// rather than as a pile of unknown fields.
#[derive(serde::Deserialize)]
struct SchemaProbe {
    schema: Option<Value>,
}

/// Decodes one event, checking its schema version before anything else. Decoding goes straight
/// from the text so that errors can name the exact field (`body.data.incident.facts.offender`).
pub fn decode(line: &str) -> Result<Event> {
    // The common case, a well-formed event, in one pass; only a line that fails is read again
    // to say why (the same outcome either way: `validate` checks the schema version).
    if let Ok(event) = serde_json::from_str::<Event>(line) {
        event.validate()?;
        return Ok(event);
    }
    let probe: SchemaProbe = serde_json::from_str(line).map_err(|e| match e.classify() {
        serde_json::error::Category::Data => {
            DomainError::Invalid { field: "(event)".to_owned(), detail: crate::error::Detail::NotAnObject }
        }
        _ => DomainError::MalformedJson(e.to_string()),
    })?;
    match probe.schema {
        None => {
            return Err(DomainError::Invalid {
                field: "schema".to_owned(),
                detail: crate::error::Detail::SchemaMissing,
            })
        }
        Some(v) => match v.as_u64() {
            Some(n) if (1..=u64::from(SCHEMA_VERSION)).contains(&n) => {}
            Some(n) => return Err(DomainError::UnsupportedSchema { found: n, supported: SCHEMA_VERSION }),
            None => {
                return Err(DomainError::Invalid {
                    field: "schema".to_owned(),
                    detail: crate::error::Detail::WholeNumber { found: v.to_string() },
                })
            }
        },
    }
    let mut de = serde_json::Deserializer::from_str(line);
    let event: Event = serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let path = e.path().to_string();
        let field = if path == "." { "(event)".to_owned() } else { path };
        crate::error::at_field(field, e.into_inner().to_string())
    })?;
    event.validate()?;
    Ok(event)
}

/// Encodes one event as a single JSON line (no trailing newline).
pub fn encode(event: &Event) -> String {
    // Serializing these types cannot fail: no maps with non-string keys, no failing impls.
    serde_json::to_string(event).unwrap_or_default()
}

/// An event with the JSON line it is stored as: the text it arrived in where that is one line,
/// so a store keeps what a device sent instead of writing the event a second time (the office's
/// push path: ~2.7 µs an event, docs/performance-history.md). The text decoded to exactly this event — every
/// object of the envelope and body refuses unknown and repeated fields — so it reads back the
/// same; its signature covers the canonical form, not these bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lined {
    event: Event,
    line: String,
}

impl Lined {
    /// Decodes `text` as [`decode`] does, keeping it as the event's line unless it holds a
    /// control character (a raw newline, return or tab between its tokens: a journal line is
    /// one line, tab-separated from its checksum), in which case the event is written again.
    pub fn decode(text: &str) -> Result<Lined> {
        let event = decode(text)?;
        // Every byte looked at (no early exit), which the compiler turns into a few wide compares.
        let one_line = text.bytes().fold(true, |ok, b| ok & (b >= 0x20));
        let line = if one_line { text.to_owned() } else { encode(&event) };
        Ok(Lined { event, line })
    }

    /// `event` written as its line.
    pub fn encode(event: Event) -> Lined {
        Lined { line: encode(&event), event }
    }

    pub fn event(&self) -> &Event {
        &self.event
    }

    /// The line, one JSON object without a newline.
    pub fn line(&self) -> &str {
        &self.line
    }

    pub fn into_parts(self) -> (Event, String) {
        (self.event, self.line)
    }
}

/// A line of a JSONL log that could not be decoded.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct LineError {
    /// 1-based line number.
    pub line: usize,
    pub code: &'static str,
    pub message: String,
}

/// Decodes a JSONL log. Blank lines are skipped; a bad line is reported and the rest still count.
pub fn decode_jsonl(text: &str) -> (Vec<Event>, Vec<LineError>) {
    let mut events = Vec::new();
    let mut errors = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        match decode(line) {
            Ok(e) => events.push(e),
            Err(e) => errors.push(LineError { line: i + 1, code: e.code(), message: e.to_string() }),
        }
    }
    (events, errors)
}
