//! `arbiter-office verify FILE.jsonl` (an export) or `--data DIR`: checks every signature
//! against the keys the ledger itself registers (the office's key, signed by itself and compared
//! by its fingerprint — or pinned with `--office-key`; each device's, registered by the office
//! at enrollment; revocations), and every signer's chain. Reports per signer the events
//! verified, unsigned (builds from before signatures), forged, and the links missing. Needs
//! nothing but the file: a committee runs it on any machine, without the office.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;

use arbiter_core::event::wire::LineError;
use arbiter_core::event::{Event, EventDigest, PublicKey};
use arbiter_core::ledger::{chains, Keyring, Seal};
use arbiter_core::model::{DeviceId, EventId, TournamentId};
use serde::Serialize;

/// One signer's events, as the copy holds them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct SignerReport {
    /// The signing device, `office`, or — for unsigned events — the recording device.
    pub signer: String,
    pub verified: usize,
    pub unsigned: usize,
    /// Events whose signature does not hold or whose signer may not sign them, with why.
    pub forged: Vec<(EventId, String)>,
    /// Events naming a previous event of their signer that the copy does not hold.
    pub missing_links: Vec<EventId>,
    /// Of those, each whose signer's event just before it in this copy is forged, with that
    /// event: the link is missing because that event was changed, most likely, not deleted.
    pub after_forged: Vec<(EventId, EventId)>,
    /// Events naming the same previous event as another (a rewritten or reordered copy).
    pub forks: Vec<EventId>,
}

/// A receipt held against the copy: whether the copy holds what the office that gave
/// it held from its signer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ReceiptCheck {
    pub tournament: TournamentId,
    pub signer: DeviceId,
    /// What the receipt says the office held: events, and the digest of the last.
    pub count: u64,
    pub last: EventDigest,
    /// Whether the receipt's signature holds under the key it names.
    pub signed: bool,
    /// The signer's signed events in this copy, and whether the receipt's last is among them.
    pub held: u64,
    pub last_held: bool,
}

impl ReceiptCheck {
    /// The copy holds at least what the receipt covers.
    pub fn satisfied(&self) -> bool {
        self.signed && self.held >= self.count && self.last_held
    }
}

/// What `verify` found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct VerifyReport {
    /// The office key the ledger was checked against (hex), once known.
    pub office_key: Option<PublicKey>,
    pub signers: Vec<SignerReport>,
    pub malformed: Vec<LineError>,
    /// The receipts given, each held against the copy.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub receipts: Vec<ReceiptCheck>,
}

impl VerifyReport {
    /// Nothing forged, no link missing, every line read, every receipt given satisfied.
    pub fn is_clean(&self) -> bool {
        self.malformed.is_empty()
            && self.signers.iter().all(|s| s.forged.is_empty() && s.missing_links.is_empty() && s.forks.is_empty())
            && self.receipts.iter().all(ReceiptCheck::satisfied)
    }
}

/// Holds each receipt against `events`: a copy cut at its end, or rewritten, lacks events a
/// receipt covers (fewer of its signer's events, or not its last).
pub fn check_receipts(events: &[Event], receipts: &[arbiter_core::ledger::Receipt]) -> Vec<ReceiptCheck> {
    let mut held: HashMap<(&TournamentId, &DeviceId), (u64, std::collections::HashSet<EventDigest>)> = HashMap::new();
    let mut seen = std::collections::HashSet::new();
    for e in events.iter().filter(|e| seen.insert(e.id)) {
        if let Some(sig) = &e.sig {
            let h = held.entry((&e.tournament, &sig.by)).or_default();
            h.0 += 1;
            h.1.insert(e.digest());
        }
    }
    receipts
        .iter()
        .map(|r| {
            let (n, digests) = held.get(&(&r.tournament, &r.signer)).map_or((0, None), |(n, d)| (*n, Some(d)));
            ReceiptCheck {
                tournament: r.tournament.clone(),
                signer: r.signer.clone(),
                count: r.count,
                last: r.last,
                signed: r.holds(),
                held: n,
                last_held: digests.is_some_and(|d| d.contains(&r.last)),
            }
        })
        .collect()
}

/// Checks `events` (read from a file or a store); `pinned` is the office key to hold them to.
/// In the ledger's order, keys first ([`Keyring::admit_all`]): a device's events may be stamped
/// before its clock caught up with the office that registered it.
pub fn verify(events: &[Event], pinned: Option<PublicKey>, malformed: Vec<LineError>) -> VerifyReport {
    let mut ring = pinned.map_or_else(Keyring::unpinned, Keyring::pinned);
    let mut seen = std::collections::HashSet::new();
    let mut ordered: Vec<&Event> = events.iter().filter(|e| seen.insert(e.id)).collect();
    ordered.sort_by_key(|e| e.order_key());
    let checked: Vec<(&Event, Result<Seal, String>, EventDigest)> = ring
        .admit_all(&ordered)
        .into_iter()
        .zip(&ordered)
        .map(|((seal, d), e)| {
            // Listed as forged already: the message alone, without the code's prefix.
            let why = |err| match err {
                arbiter_core::CoreError::Forged(message) => message,
                other => other.to_string(),
            };
            (*e, seal.map_err(why), d)
        })
        .collect();
    let mut reports: BTreeMap<String, SignerReport> = BTreeMap::new();
    fn report(reports: &mut BTreeMap<String, SignerReport>, name: String) -> &mut SignerReport {
        reports.entry(name.clone()).or_insert_with(|| SignerReport { signer: name, ..Default::default() })
    }
    for (e, seal, _) in &checked {
        let name = e.sig.as_ref().map_or_else(|| e.author.device.to_string(), |s| s.by.to_string());
        let r = report(&mut reports, name);
        match seal {
            Ok(Seal::Verified { .. }) => r.verified += 1,
            Ok(Seal::Unsigned) => r.unsigned += 1,
            Err(why) => r.forged.push((e.id, why.clone())),
        }
    }
    // Each signer's signed events in ledger order, per tournament, with whether each was forged:
    // a changed event breaks the link of the one after it, which names it as it was signed.
    let mut last: HashMap<(&TournamentId, &DeviceId), (EventId, bool)> = HashMap::new();
    let mut before: HashMap<EventId, (EventId, bool)> = HashMap::new();
    for (e, seal, _) in &checked {
        if let Some(sig) = &e.sig {
            if let Some(b) = last.insert((&e.tournament, &sig.by), (e.id, seal.is_err())) {
                before.insert(e.id, b);
            }
        }
    }
    for ((_, signer), chain) in chains(checked.iter().map(|(e, _, d)| (*e, *d))) {
        let r = report(&mut reports, signer.to_string());
        for id in &chain.missing_links {
            if let Some((forged, true)) = before.get(id) {
                r.after_forged.push((*id, *forged));
            }
        }
        r.missing_links.extend(chain.missing_links);
        r.forks.extend(chain.forks);
    }
    VerifyReport { office_key: ring.office(), signers: reports.into_values().collect(), malformed, receipts: vec![] }
}

/// The report for people.
pub fn render_text(r: &VerifyReport) -> String {
    let mut out = String::new();
    match r.office_key {
        Some(k) => {
            let _ = writeln!(
                out,
                "office key {} (full: {}; compare with the office's, or pin it with --office-key)",
                k.short(),
                k.hex()
            );
        }
        None => {
            let _ = writeln!(out, "office key: none in this copy (nothing the office signed can be checked)");
        }
    }
    let _ =
        writeln!(out, "{:<24} {:>9} {:>9} {:>7} {:>14}", "signer", "verified", "unsigned", "forged", "missing links");
    for s in &r.signers {
        let _ = writeln!(
            out,
            "{:<24} {:>9} {:>9} {:>7} {:>14}",
            s.signer,
            s.verified,
            s.unsigned,
            s.forged.len(),
            s.missing_links.len() + s.forks.len()
        );
    }
    for s in &r.signers {
        for (id, why) in &s.forged {
            let why = why.strip_prefix(&format!("event {id}: ")).unwrap_or(why);
            let _ = writeln!(out, "FORGED {id}: {why}");
        }
        let after_forged: HashMap<&EventId, &EventId> =
            s.after_forged.iter().map(|(gap, forged)| (gap, forged)).collect();
        for id in &s.missing_links {
            let cause = after_forged.get(id).map_or_else(String::new, |forged| {
                format!(
                    " as it was signed: the one before it here, {forged}, is forged — most likely changed, not deleted"
                )
            });
            let _ = writeln!(
                out,
                "GAP {}: event {id} names an earlier event of {} that this copy does not hold{cause}",
                s.signer, s.signer
            );
        }
        for id in &s.forks {
            let _ = writeln!(out, "REORDERED {}: event {id} names the same earlier event as another", s.signer);
        }
    }
    for m in &r.malformed {
        let _ = writeln!(out, "UNREADABLE line {}: {} — {}", m.line, m.code, m.message);
    }
    for c in &r.receipts {
        if !c.signed {
            let _ = writeln!(out, "RECEIPT NOT SIGNED {} {}: its signature does not hold", c.tournament, c.signer);
        } else if !c.satisfied() {
            let _ = writeln!(
                out,
                "CUT {} {}: a receipt says the office held {} of its events, the last {}; this copy holds {}{}",
                c.tournament,
                c.signer,
                c.count,
                c.last.0[..4].iter().map(|b| format!("{b:02x}")).collect::<String>(),
                c.held,
                if c.last_held { "" } else { ", not that last one" }
            );
        } else {
            let _ = writeln!(out, "receipt {} {}: {} events covered, held", c.tournament, c.signer, c.count);
        }
    }
    let total: usize = r.signers.iter().map(|s| s.verified).sum();
    let unsigned: usize = r.signers.iter().map(|s| s.unsigned).sum();
    if r.is_clean() {
        let _ = writeln!(
            out,
            "result: clean — {total} events verified, {unsigned} unsigned (recorded by builds from before signatures)"
        );
    } else {
        let _ = writeln!(out, "result: NOT CLEAN — see the lines above");
    }
    out
}
