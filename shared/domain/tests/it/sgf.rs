//! SGF (FF[4]) in and out: a round trip keeps the game; a malformed file says where; the main
//! line is read through variations; and replaying a record reports an illegal move by number
//! and article.

use arbiter_domain::board::{Coord, MoveError};
use arbiter_domain::interop::sgf;
use arbiter_domain::model::Colour::{Black, White};
use arbiter_domain::rules::Article;

const GAME: &str = r"(;GM[1]FF[4]SZ[9]KM[7]RU[Chinese]RE[W+2]C[demo \] with \\ escapes]
AB[cc]AW[gg]
;W[ee]C[tengen]
;B[]
;W[cg]
)";

#[test]
fn a_record_round_trips() {
    let g = sgf::parse(GAME).unwrap();
    assert_eq!(
        (g.size, g.komi.as_deref(), g.rules.as_deref(), g.result.as_deref()),
        (9, Some("7"), Some("Chinese"), Some("W+2"))
    );
    assert_eq!(g.comment.as_deref(), Some("demo ] with \\ escapes"));
    assert_eq!(g.black_setup, vec![Coord { x: 2, y: 6 }]);
    assert_eq!(g.white_setup, vec![Coord { x: 6, y: 2 }]);
    assert_eq!(g.moves.len(), 3);
    assert_eq!(
        (g.moves[0].colour, g.moves[0].at, g.moves[0].comment.as_deref()),
        (White, Some(Coord { x: 4, y: 4 }), Some("tengen"))
    );
    assert_eq!((g.moves[1].colour, g.moves[1].at), (Black, None), "B[] is a pass");
    let again = sgf::parse(&sgf::write(&g)).unwrap();
    assert_eq!(again, g);
}

#[test]
fn a_malformed_record_says_where() {
    let e = sgf::parse("(;GM[1]SZ[9]\n;B[ee]\n;W[ee").unwrap_err().to_string();
    assert!(e.contains("line 3") && e.contains("not closed"), "{e}");
    let e = sgf::parse("(;SZ[9]\n;B[ee]\n;W[zz])").unwrap_err().to_string();
    assert!(e.contains("line 3, column 2") && e.contains("`zz` is not a point of a 9×9 board"), "{e}");
    let e = sgf::parse("(;SZ[15])").unwrap_err().to_string();
    assert!(e.contains("9, 13 or 19 only"), "{e}");
    let e = sgf::parse("(;GM[3])").unwrap_err().to_string();
    assert!(e.contains("not a Go record"), "{e}");
    let e = sgf::parse("(;B[aa]").unwrap_err().to_string();
    assert!(e.contains("the file ended"), "{e}");
}

#[test]
fn the_main_line_is_read_through_variations() {
    let g = sgf::parse("(;SZ[9];B[ee](;W[cc];B[gg])(;W[gc]))").unwrap();
    let played: Vec<_> = g.moves.iter().map(|m| m.at.unwrap()).collect();
    assert_eq!(played, vec![Coord { x: 4, y: 4 }, Coord { x: 2, y: 6 }, Coord { x: 6, y: 2 }]);
}

#[test]
fn replaying_a_record_names_the_illegal_move_and_its_article() {
    // A ko: Black takes at move 1, White retakes at once at move 2 (第二十条一).
    let ko = "(;SZ[9]AB[ah][bi][bg]AW[bh][ci][cg][dh];B[ch];W[bh])";
    let (n, e) = sgf::replay(&sgf::parse(ko).unwrap()).unwrap_err();
    assert_eq!((n, e, e.article()), (2, MoveError::KoRecapture, Some(Article::Art20_1)));
    let fine = sgf::replay(&sgf::parse(GAME).unwrap()).unwrap();
    assert_eq!(fine.moves(), 3);
}

proptest::proptest! {
    /// Whatever the file holds — the sample cut and spliced, or any text — reading it answers
    /// a game or an error, never a panic; and whatever it reads writes back to itself.
    #[test]
    fn any_text_is_read_or_refused_never_a_panic(cut in 0usize..200, junk in ".{0,40}", any in ".{0,200}") {
        let spliced: String = GAME.chars().take(cut).chain(junk.chars()).chain(GAME.chars().skip(cut)).collect();
        for text in [spliced.as_str(), any.as_str()] {
            if let Ok(g) = sgf::parse(text) {
                proptest::prop_assert_eq!(sgf::parse(&sgf::write(&g)).unwrap(), g.clone());
                let _ = sgf::replay(&g);
            }
        }
    }
}
