use super::*;
use crate::mahjong::{TileSetSpec, parse_tiles};

fn four() -> TileSetSpec {
    TileSetSpec::four_player()
}

fn goto() -> TileSetSpec {
    TileSetSpec::goto()
}

fn err(s: &str, set: &TileSetSpec) -> NotationError {
    parse_tiles(s, set).unwrap_err()
}

#[test]
fn parses_tenhou_mpsz_with_red_fives() {
    let hand = parse_tiles("123m406p789s11z", &four()).unwrap();
    assert_eq!(hand.len(), 11);
    assert_eq!(hand[0], PhysTile::Plain(t!(1m)));
    assert_eq!(hand[4], PhysTile::Red(t!(5p)));
    assert_eq!(hand[10], PhysTile::Plain(Tile::EAST));
    assert_eq!(parse_tiles("5z 6z 7z", &four()).unwrap().len(), 3);
}

#[test]
fn parses_goto_pieces() {
    let hand = parse_tiles("19m4g60p0s550z1234f", &goto()).unwrap();
    assert_eq!(hand[3], PhysTile::Gold(t!(5p)));
    assert_eq!(hand[5], PhysTile::Red(t!(5p)));
    assert_eq!(hand[6], PhysTile::Red(t!(5s)));
    assert_eq!(hand[9], PhysTile::Pocchi);
    assert_eq!(hand[10], PhysTile::Flower(Flower::Spring));
    assert_eq!(hand[13], PhysTile::Flower(Flower::Winter));
}

#[test]
fn display_round_trips() {
    for (s, set) in [
        ("123m406p789s11z", four()),
        ("19m4g60p0s550z1234f", goto()),
        ("1m2p3m7z5s", four()),
        ("gsg0p", goto()),
        ("", four()),
    ] {
        let tiles = parse_tiles(s, &set).unwrap();
        assert_eq!(Mpsz(&tiles).to_string(), s);
        assert_eq!(parse_tiles(&Mpsz(&tiles).to_string(), &set).unwrap(), tiles);
    }
    assert_eq!(Mpsz(&parse_tiles("12m 3m", &four()).unwrap()).to_string(), "123m");
    for t in Tile::all() {
        assert_eq!(t.to_string().parse::<Tile>(), Ok(t));
    }
    for p in ["0m", "gp", "0z", "3f", "9s"] {
        assert_eq!(p.parse::<PhysTile>().unwrap().to_string(), p);
    }
}

#[test]
fn honor_eight_is_rejected_at_its_digit() {
    let e = err("123m8z", &four());
    assert_eq!(e, NotationError { pos: 4, kind: NotationErrorKind::NoSuchTile { digit: '8', letter: 'z' } });
    assert_eq!(e.to_string(), "at byte 4: no such tile 8z (honors are 1z-7z, pocchi 0z)");
    assert_eq!(err("5f", &goto()).pos, 0);
    assert_eq!(err("1gz", &goto()).pos, 1);
}

#[test]
fn fifth_copy_is_rejected_at_the_fifth() {
    let e = err("1111m23p1m", &four());
    assert_eq!(e.pos, 8);
    assert!(matches!(e.kind, NotationErrorKind::TooMany { max: 4, whole_kind: true, .. }));
    assert!(e.to_string().contains("one 1m too many: the set has 4"), "{e}");
    assert!(parse_tiles("1111m", &four()).is_ok());
}

#[test]
fn special_copies_are_limited_by_the_set() {
    let e = err("00p", &four());
    assert_eq!((e.pos, e.to_string()), (1, "at byte 1: one 0p too many: the set has 1".to_string()));
    assert!(err("gp", &four()).to_string().contains("one gp too many: the set has 0"));
    assert!(err("0z", &four()).to_string().contains("the set has 0"));
    assert!(err("1f", &four()).to_string().contains("one 1f too many"));
    assert_eq!(err("5555m", &four()).pos, 3);
    assert!(err("5555m", &four()).to_string().contains("plain"));
    assert!(parse_tiles("5550m", &four()).is_ok());
    assert_eq!(err("555p", &goto()).pos, 2);
    assert!(parse_tiles("55g0p", &goto()).is_ok());
    assert_eq!(err("11f", &goto()).pos, 1);
    assert_eq!(err("5555z0z", &goto()).pos, 3);
    assert!(parse_tiles("5550z", &goto()).is_ok());
}

#[test]
fn sanma_rejects_middle_manzu() {
    let e = err("19m12m", &goto());
    assert_eq!(e, NotationError { pos: 4, kind: NotationErrorKind::NotInSet(t!(2m)) });
    assert_eq!(e.to_string(), "at byte 4: 2m is not in this tile set");
    assert!(parse_tiles("12m", &four()).is_ok());
}

#[test]
fn syntax_errors_name_the_character() {
    assert_eq!(err("123", &four()), NotationError { pos: 0, kind: NotationErrorKind::DigitsWithoutSuit });
    assert_eq!(err("1m23", &four()).pos, 2);
    assert_eq!(err("12 3m", &four()), NotationError { pos: 0, kind: NotationErrorKind::DigitsWithoutSuit });
    assert_eq!(err("1mm", &four()), NotationError { pos: 2, kind: NotationErrorKind::SuitWithoutDigits('m') });
    assert_eq!(err("1m2x", &four()), NotationError { pos: 3, kind: NotationErrorKind::UnexpectedChar('x') });
    assert_eq!(err("1m東", &four()).kind, NotationErrorKind::UnexpectedChar('東'));
    assert!("0m".parse::<Tile>().is_err());
    assert!("5m5p".parse::<PhysTile>().is_err());
    assert!("".parse::<PhysTile>().is_err());
    assert_eq!(parse_kinds("3m9s").unwrap(), vec![t!(3m), t!(9s)]);
    assert!(matches!(parse_kinds("0m").unwrap_err().kind, NotationErrorKind::NotAKind(_)));
}
