//! One round of an OpenGotha file compared with the pairing made here from the rounds before
//! it: shared by the parity test (`opengotha_pairing_parity`) and the exploration tool
//! (`cargo run -p arbiter-domain --example opengotha_parity`).

use std::collections::{BTreeSet, HashMap};

use arbiter_domain::interop::opengotha::OpenGotha;
use arbiter_domain::model::PlayerId;
use arbiter_domain::tournament::pairing::opengotha::{pair, pair_selected, weigh, Pairing};

/// How one round compares.
#[derive(Debug, PartialEq, Eq)]
pub enum Verdict {
    Identical,
    /// Same pairs; colours differ on these many known-colour boards.
    ColoursDiffer(usize),
    /// Other pairs; the file's pairing weighs this much less than ours (0: a tie).
    Lighter(i128),
    /// Other pairs and the file's weighs more: a defect of ours.
    Heavier(i128),
    /// The file's round pairs players this model would not pair (absent, or a second bye).
    NotComparable(String),
}

fn pair_key(a: &PlayerId, b: &PlayerId) -> (PlayerId, PlayerId) {
    if a < b {
        (a.clone(), b.clone())
    } else {
        (b.clone(), a.clone())
    }
}

/// Compares round `round` of `og` with the pairing made here: of every available player when
/// the file's round pairs them all (one bye at most), else of the players the file's round
/// pairs (the organiser paired a selection).
pub fn compare(og: &OpenGotha, round: u16) -> (Verdict, Pairing) {
    let people = og.people();
    let settings = og.pairing_settings();
    let theirs: Vec<(usize, &_)> = og.field.games.iter().enumerate().filter(|(_, g)| g.round == round).collect();
    let paired_there: BTreeSet<PlayerId> =
        theirs.iter().flat_map(|(_, g)| [g.black.clone(), g.white.clone()]).collect();
    let their_bye: Option<&PlayerId> = og.field.byes.iter().find(|(r, _)| *r == round).map(|(_, p)| p);
    let available: BTreeSet<PlayerId> =
        og.field.entrants.iter().filter(|e| e.available(round)).map(|e| e.id.clone()).collect();
    let mut everyone = paired_there.clone();
    everyone.extend(their_bye.cloned());
    let ours = if everyone == available {
        pair(&og.field, &people, &settings, round)
    } else {
        pair_selected(&og.field, &people, &settings, round, &paired_there)
    }
    .unwrap_or_else(|e| panic!("round {round}: {e}"));
    if everyone == available && ours.bye.as_ref() != their_bye {
        return (Verdict::NotComparable(format!("bye: ours {:?}, the file's {their_bye:?}", ours.bye)), ours);
    }
    let their_pairs: BTreeSet<_> = theirs.iter().map(|(_, g)| pair_key(&g.black, &g.white)).collect();
    let our_pairs: BTreeSet<_> = ours.boards.iter().map(|b| pair_key(&b.black, &b.white)).collect();
    if their_pairs == our_pairs {
        let ours_by_pair: HashMap<_, _> =
            ours.boards.iter().map(|b| (pair_key(&b.black, &b.white), (&b.white, b.handicap))).collect();
        let differ = theirs
            .iter()
            .filter(|(k, _)| og.known_colour[*k])
            .filter(|(_, g)| ours_by_pair[&pair_key(&g.black, &g.white)] != (&g.white, g.handicap))
            .count();
        let v = if differ == 0 { Verdict::Identical } else { Verdict::ColoursDiffer(differ) };
        return (v, ours);
    }
    let pairs: Vec<_> = theirs.iter().map(|(_, g)| (g.black.clone(), g.white.clone())).collect();
    let theirs_total = weigh(&og.field, &people, &settings, round, &pairs).unwrap();
    let v = if theirs_total <= ours.total {
        Verdict::Lighter(ours.total - theirs_total)
    } else {
        Verdict::Heavier(theirs_total - ours.total)
    };
    (v, ours)
}

/// The rounds that have games in the file, in order.
pub fn rounds_in(og: &OpenGotha) -> Vec<u16> {
    let set: BTreeSet<u16> = og.field.games.iter().map(|g| g.round).collect();
    set.into_iter().collect()
}
