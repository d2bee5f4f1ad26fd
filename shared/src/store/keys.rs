//! Key layout of the sled tree. One tree with prefixed keyspaces, so that one `apply_batch`
//! updates an event and all its indexes atomically.
//!
//! | prefix | key | value |
//! |---|---|---|
//! | `p` | first seq of a batch (8) | its events' (id (16) + what `e` held) — the id index (layout 6, `primary.rs`) |
//! | `e` | event id (16) | before layout 6: seq (8, BE) + [`Stored`]: where its journal line is (layout 4), or the line itself (before) |
//! | `g` | tournament `\0` game `\0` `0xFF` first seq of a batch (8) | the (hlc (12) id (16)) of the batch's events in this game (layout 5; before, one key per event: tournament `\0` game `\0` hlc id → —) |
//! | `l` | first seq of a batch (8) | its entries (layout 4; before, one per key): seq + [`LogTag`] + event id (16), what a pull filters on without reading the event |
//! | `o` | seq (8) | event id (16): the outbox |
//! | `n` | tournament `\0` `0xFF` first seq of a batch (8) | as `g`, for the set-up's events (no game) |
//! | `v` | tournament `\0` game | — (lists a tournament's games; written once per batch that has the game) |
//! | `s` | tournament `\0` game | the game's summary as JSON (removed when the game changes) |
//! | `f` | tournament `\0` game | the sequence number a game's state was folded at (8), its last event's (hlc id) (28), the state as deflated JSON (events indexed after it are folded on when it is read) |
//! | `m` | name | meta: schema, next_seq, cursor, hlc, device |

use crate::clock::Hlc;
use crate::model::{EventId, GameId, TournamentId};

/// Before layout 6, one key per event; still read (`primary.rs`).
pub const EVENT: u8 = b'e';
/// The id index: one key per batch (layout 6).
pub const PRIMARY: u8 = b'p';
pub const GAME: u8 = b'g';
/// Layout 2's tournament-order index, removed by the migration to layout 3 (the game and
/// set-up indexes give the same order).
pub const OLD_TOURNAMENT: u8 = b't';
pub const LOG: u8 = b'l';
pub const OUTBOX: u8 = b'o';
pub const SETUP: u8 = b'n';
pub const VERSION: u8 = b'v';
pub const SUMMARY: u8 = b's';
pub const STATE: u8 = b'f';
/// Layout 1's derived-state cache, removed by the migration to layout 2.
pub const OLD_CACHE: u8 = b'c';
pub const META: u8 = b'm';

pub fn event(id: &EventId) -> Vec<u8> {
    let mut k = vec![EVENT];
    k.extend_from_slice(id.as_uuid().as_bytes());
    k
}

fn hlc_bytes(k: &mut Vec<u8>, hlc: Hlc) {
    k.extend_from_slice(&hlc.wall_ms.to_be_bytes());
    k.extend_from_slice(&hlc.logical.to_be_bytes());
}

pub fn game_prefix(t: &TournamentId, g: &GameId) -> Vec<u8> {
    let mut k = vec![GAME];
    k.extend_from_slice(t.as_str().as_bytes());
    k.push(0);
    k.extend_from_slice(g.as_str().as_bytes());
    k.push(0);
    k
}

/// Layout 4's per-event game index key (tests build older stores with it).
#[cfg(test)]
pub fn game_index(t: &TournamentId, g: &GameId, hlc: Hlc, id: &EventId) -> Vec<u8> {
    let mut k = game_prefix(t, g);
    hlc_bytes(&mut k, hlc);
    k.extend_from_slice(id.as_uuid().as_bytes());
    k
}

/// `prefix` tournament `\0`: where a tournament's keys of one kind start.
pub fn keyspace(prefix: u8, t: &TournamentId) -> Vec<u8> {
    let mut k = vec![prefix];
    k.extend_from_slice(t.as_str().as_bytes());
    k.push(0);
    k
}

pub fn setup_prefix(t: &TournamentId) -> Vec<u8> {
    keyspace(SETUP, t)
}

pub fn setup_index(t: &TournamentId, hlc: Hlc, id: &EventId) -> Vec<u8> {
    let mut k = setup_prefix(t);
    hlc_bytes(&mut k, hlc);
    k.extend_from_slice(id.as_uuid().as_bytes());
    k
}

/// The (HLC, id) an index key ends with: sorting by it is the agreed order.
pub fn order_suffix(key: &[u8]) -> &[u8] {
    key.get(key.len().saturating_sub(ORDER_LEN)..).unwrap_or_default()
}

/// An event's place in the agreed order: its HLC (12) then its id (16), big-endian, so that
/// sorting the bytes sorts by (HLC, id).
pub type Order = [u8; ORDER_LEN];
pub const ORDER_LEN: usize = 28;

pub fn order(hlc: Hlc, id: &EventId) -> Order {
    let mut o = [0u8; ORDER_LEN];
    o[..8].copy_from_slice(&hlc.wall_ms.to_be_bytes());
    o[8..12].copy_from_slice(&hlc.logical.to_be_bytes());
    o[12..].copy_from_slice(id.as_uuid().as_bytes());
    o
}

/// The (HLC, id) an [`Order`] holds.
pub fn order_parts(o: &Order) -> Option<(Hlc, EventId)> {
    let logical = u32::from_be_bytes(o[8..12].try_into().ok()?);
    Some((Hlc::new(u64_of(o)?, logical), id_suffix(o)?))
}

/// A stored game state's value: the sequence number it was folded at (8) and its last event's
/// [`Order`] (28) — what tells whether the events after it can be folded on without reading
/// it — then the state itself.
pub fn state_value(seq: u64, last: Order, state: &[u8]) -> Vec<u8> {
    let mut v = Vec::with_capacity(8 + ORDER_LEN + state.len());
    v.extend_from_slice(&seq.to_be_bytes());
    v.extend_from_slice(&last);
    v.extend_from_slice(state);
    v
}

/// [`state_value`] read back; `None` if it is cut short.
pub fn state_parts(v: &[u8]) -> Option<(u64, Order, &[u8])> {
    let last: Order = v.get(8..8 + ORDER_LEN)?.try_into().ok()?;
    Some((u64_of(v)?, last, v.get(8 + ORDER_LEN..)?))
}

/// Marks a grouped index key (layout 5). A per-event key of an older layout goes on with an
/// HLC, whose first byte is 0 for any time before the year 2^56 ms.
const INDEX_GROUP: u8 = 0xFF;

/// The key under which a batch (first sequence number `first_seq`) lists its events of one
/// game (`prefix` = [`game_prefix`]) or of the set-up ([`setup_prefix`]): one sled write per game
/// and batch instead of one per event.
pub fn index_group(mut prefix: Vec<u8>, first_seq: u64) -> Vec<u8> {
    prefix.push(INDEX_GROUP);
    prefix.extend_from_slice(&first_seq.to_be_bytes());
    prefix
}

/// The events an index key lists: a group's (layout 5; its value is their [`Order`]s), or the
/// one an older per-event key names (its value is empty). `None` if a group is cut short.
pub fn index_orders(key: &[u8], value: &[u8]) -> Option<Vec<Order>> {
    if value.is_empty() {
        return Some(vec![order_suffix(key).try_into().ok()?]);
    }
    if value.len() % ORDER_LEN != 0 {
        return None;
    }
    value.chunks_exact(ORDER_LEN).map(|c| c.try_into().ok()).collect()
}

pub fn seq_key(prefix: u8, seq: u64) -> Vec<u8> {
    let mut k = vec![prefix];
    k.extend_from_slice(&seq.to_be_bytes());
    k
}

pub fn game_key(prefix: u8, t: &TournamentId, g: &GameId) -> Vec<u8> {
    let mut k = keyspace(prefix, t);
    k.extend_from_slice(g.as_str().as_bytes());
    k
}

/// A signer's chain head in a tournament, in the chain heads' own tree.
pub fn chain_head(tournament: &TournamentId, signer: &str) -> Vec<u8> {
    let mut k = Vec::with_capacity(tournament.as_str().len() + signer.len() + 1);
    k.extend_from_slice(tournament.as_str().as_bytes());
    k.push(0);
    k.extend_from_slice(signer.as_bytes());
    k
}

pub fn meta(name: &str) -> Vec<u8> {
    let mut k = vec![META];
    k.extend_from_slice(name.as_bytes());
    k
}

/// What an event's place in the id index holds after the sequence number (a per-event `e` key's
/// value before layout 6; each entry of a `p` group after its id since). Since layout 4, where the event's
/// line is in the journal (a zero byte, then segment, offset, length, and the event's HLC,
/// which with the log's tag names its index key); before, the JSON line itself (it starts
/// with `{`, never a zero byte). Both are read: old entries are not rewritten.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stored<'a> {
    At(crate::store::journal::Position, Hlc),
    Line(&'a [u8]),
}

/// How long [`stored_at`]'s value is.
pub const STORED_AT_LEN: usize = 37;

/// The primary key's value for an event at `at`.
pub fn stored_at(seq: u64, at: crate::store::journal::Position, hlc: Hlc) -> Vec<u8> {
    let mut v = Vec::with_capacity(STORED_AT_LEN);
    put_stored_at(&mut v, seq, at, hlc);
    v
}

/// [`stored_at`] written onto the end of `v` (an id index group's entry).
pub fn put_stored_at(v: &mut Vec<u8>, seq: u64, at: crate::store::journal::Position, hlc: Hlc) {
    v.extend_from_slice(&seq.to_be_bytes());
    v.push(0);
    v.extend_from_slice(&at.segment.to_be_bytes());
    v.extend_from_slice(&at.offset.to_be_bytes());
    v.extend_from_slice(&at.len.to_be_bytes());
    hlc_bytes(v, hlc);
}

/// Reads a primary key's value: its sequence number and what follows.
pub fn stored(v: &[u8]) -> Option<(u64, Stored<'_>)> {
    let seq = u64_of(v)?;
    let rest = v.get(8..)?;
    if rest.first() != Some(&0) {
        return Some((seq, Stored::Line(rest)));
    }
    let n = |from: usize, len: usize| rest.get(from..from + len);
    let segment = u32::from_be_bytes(n(1, 4)?.try_into().ok()?);
    let offset = u64_of(n(5, 8)?)?;
    let len = u32::from_be_bytes(n(13, 4)?.try_into().ok()?);
    let wall_ms = u64_of(n(17, 8)?)?;
    let logical = u32::from_be_bytes(n(25, 4)?.try_into().ok()?);
    let at = crate::store::journal::Position { segment, offset, len };
    Some((seq, Stored::At(at, Hlc { wall_ms, logical })))
}

/// The event id at the end of an index key.
pub fn id_suffix(key: &[u8]) -> Option<EventId> {
    let tail: [u8; 16] = key.get(key.len().checked_sub(16)?..)?.try_into().ok()?;
    EventId::new(uuid::Uuid::from_bytes(tail)).ok()
}

pub fn u64_of(bytes: &[u8]) -> Option<u64> {
    Some(u64::from_be_bytes(bytes.get(..8)?.try_into().ok()?))
}

/// Who and what a log entry is about, kept beside the event id in `l` so that a pull can pass
/// over another table's events without reading them. Entries written before the tag (16 bytes,
/// the id alone) have none.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LogTag<'a> {
    pub tournament: &'a str,
    pub game: Option<&'a str>,
    pub device: &'a str,
}

impl<'a> LogTag<'a> {
    /// The tag an event's log entry carries.
    pub fn of(e: &'a crate::event::Event) -> Self {
        LogTag {
            tournament: e.tournament.as_str(),
            game: e.game.as_ref().map(GameId::as_str),
            device: e.author.device.as_str(),
        }
    }
}

/// `l`'s value: tournament length (1) + tournament, game length (1, 0: none) + game, device
/// length (1) + device, then the event id (16) — last, so `id_suffix` reads every layout.
pub fn log_value(t: &TournamentId, g: Option<&GameId>, device: &str, id: &EventId) -> Vec<u8> {
    let mut v = Vec::with_capacity(64);
    for part in [t.as_str(), g.map_or("", GameId::as_str), device] {
        // Ids are at most 64 bytes (`check_slug`).
        v.push(u8::try_from(part.len()).unwrap_or(u8::MAX));
        v.extend_from_slice(part.as_bytes());
    }
    v.extend_from_slice(id.as_uuid().as_bytes());
    v
}

/// Marks a log key's value as a batch's entries (layout 4): a tagged entry starts with a length
/// of at most 64, an untagged one is 16 bytes.
const LOG_BATCH: u8 = 0xFF;

/// One log value for a batch of consecutive arrivals, under the first one's sequence number:
/// one sled write per batch instead of one per event (each write is replayed when sled opens).
/// `entries` are (sequence number, [`log_value`]).
pub fn log_batch<'a>(entries: impl IntoIterator<Item = (u64, &'a [u8])>) -> Vec<u8> {
    let mut v = vec![LOG_BATCH];
    for (seq, entry) in entries {
        v.extend_from_slice(&seq.to_be_bytes());
        v.push(u8::try_from(entry.len()).unwrap_or(u8::MAX));
        v.extend_from_slice(entry);
    }
    v
}

/// The entries of the log value stored under sequence number `key_seq`: a batch's, or the one
/// entry an older store keeps per key. `None` if the value is cut short.
pub fn log_entries(key_seq: u64, v: &[u8]) -> Option<Vec<(u64, &[u8])>> {
    let Some((&LOG_BATCH, mut rest)) = v.split_first() else { return Some(vec![(key_seq, v)]) };
    if v.len() == 16 {
        return Some(vec![(key_seq, v)]);
    }
    let mut out = Vec::new();
    while !rest.is_empty() {
        let seq = u64_of(rest)?;
        let n = usize::from(*rest.get(8)?);
        out.push((seq, rest.get(9..9 + n)?));
        rest = rest.get(9 + n..)?;
    }
    Some(out)
}

/// The tag of a log value, if it has one.
pub fn log_tag(v: &[u8]) -> Option<LogTag<'_>> {
    let mut rest = v.get(..v.len().checked_sub(16)?)?;
    let mut parts = [""; 3];
    for part in &mut parts {
        let (&n, tail) = rest.split_first()?;
        let (text, tail) = tail.split_at_checked(usize::from(n))?;
        *part = std::str::from_utf8(text).ok()?;
        rest = tail;
    }
    let [tournament, game, device] = parts;
    (rest.is_empty() && !tournament.is_empty()).then_some(LogTag {
        tournament,
        game: (!game.is_empty()).then_some(game),
        device,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_log_batch_reads_back_and_older_single_entries_still_read() {
        let t = TournamentId::new("t1").unwrap();
        let g = GameId::new("g7").unwrap();
        let ids: Vec<EventId> =
            (1..=3u8).map(|i| EventId::from_parts(1_795_000_000_000, [0x80, 0, 0, 0, 0, 0, 0, 0, 0, i])).collect();
        let values: Vec<Vec<u8>> = ids.iter().map(|id| log_value(&t, Some(&g), "tab-1", id)).collect();
        let batch = log_batch(values.iter().enumerate().map(|(i, v)| (40 + i as u64, v.as_slice())));
        let entries = log_entries(40, &batch).unwrap();
        assert_eq!(entries.iter().map(|(s, _)| *s).collect::<Vec<_>>(), [40, 41, 42]);
        assert_eq!(id_suffix(entries[2].1), Some(ids[2]));
        assert_eq!(log_tag(entries[1].1).unwrap().game, Some("g7"));
        // Before layout 4: one entry per key, tagged or the id alone.
        assert_eq!(log_entries(9, &values[0]).unwrap(), [(9, values[0].as_slice())]);
        let bare = ids[0].as_uuid().as_bytes().to_vec();
        assert_eq!(log_entries(9, &bare).unwrap(), [(9, bare.as_slice())]);
        assert_eq!(log_entries(40, &batch[..batch.len() - 3]), None, "cut short");
    }

    #[test]
    fn a_stored_state_value_reads_back_and_a_cut_one_does_not() {
        let id = EventId::from_parts(1_795_000_000_000, [0x80; 10]);
        let hlc = Hlc::new(1_795_000_000_000, 7);
        let v = state_value(42, order(hlc, &id), b"state");
        let (seq, last, state) = state_parts(&v).unwrap();
        assert_eq!((seq, order_parts(&last), state), (42, Some((hlc, id)), &b"state"[..]));
        assert_eq!(state_parts(&v[..30]), None);
    }

    #[test]
    fn an_index_group_lists_its_orders_and_an_older_per_event_key_still_reads() {
        let t = TournamentId::new("t1").unwrap();
        let g = GameId::new("g7").unwrap();
        let id = |i: u8| EventId::from_parts(1_795_000_000_000, [0x80, 0, 0, 0, 0, 0, 0, 0, 0, i]);
        let (a, b) = (order(Hlc::new(1_795_000_000_000, 2), &id(1)), order(Hlc::new(1_795_000_000_000, 1), &id(2)));
        assert!(b < a, "bytes sort as (HLC, id)");
        let key = index_group(game_prefix(&t, &g), 40);
        assert_eq!(index_orders(&key, &[a, b].concat()), Some(vec![a, b]));
        assert_eq!(id_suffix(&a), Some(id(1)));
        let old = game_index(&t, &g, Hlc::new(1_795_000_000_000, 2), &id(1));
        assert_eq!(index_orders(&old, &[]), Some(vec![a]));
        assert!(old[..old.len() - ORDER_LEN] == game_prefix(&t, &g)[..] && key > old, "groups sort after old keys");
        assert_eq!(index_orders(&key, &a[..20]), None, "cut short");
    }

    #[test]
    fn a_stored_position_reads_back_and_an_older_line_is_told_apart() {
        let at = crate::store::journal::Position { segment: 3, offset: 1 << 33, len: 412 };
        let hlc = Hlc { wall_ms: 1_795_000_000_123, logical: 7 };
        assert_eq!(stored(&stored_at(42, at, hlc)), Some((42, Stored::At(at, hlc))));
        let mut old = 9u64.to_be_bytes().to_vec();
        old.extend_from_slice(b"{\"schema\":1}");
        assert_eq!(stored(&old), Some((9, Stored::Line(b"{\"schema\":1}"))));
        assert_eq!(stored(&stored_at(1, at, hlc)[..20]), None, "cut short");
        assert_eq!(stored(&[0, 1]), None);
    }

    #[test]
    fn a_log_tag_reads_back_and_a_bare_id_has_none() {
        let id = EventId::from_parts(1_795_000_000_000, [0x80, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
        let (t, g) = (TournamentId::new("t1").unwrap(), GameId::new("r3-t12").unwrap());
        let with_game = log_value(&t, Some(&g), "tab-7", &id);
        assert_eq!(log_tag(&with_game), Some(LogTag { tournament: "t1", game: Some("r3-t12"), device: "tab-7" }));
        assert_eq!(id_suffix(&with_game), Some(id));
        let setup = log_value(&t, None, "office-t1", &id);
        assert_eq!(log_tag(&setup), Some(LogTag { tournament: "t1", game: None, device: "office-t1" }));
        assert_eq!(log_tag(id.as_uuid().as_bytes()), None, "layout 2: the id alone");
        assert_eq!(log_tag(&with_game[3..]), None, "a cut value is no tag");
    }
}
