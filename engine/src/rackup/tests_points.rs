//! Yaku as data: the profile's `[yaku]` and `[score]` tables, their one-line
//! errors naming the key, and yaku set to 0 points never awarded (in a
//! round's result and in a match's record).

use super::log::{Decl, Flight, Hit, SeatFlags, ShotKind, StunCause};
use super::tests::play_many;
use super::tests_yaku::{B, has, riichi};
use super::yaku::points::DAI_RYUUSEI;
use super::yaku::{ScoreRules, Yaku, YakuResult, evaluate};
use super::{Event, Profile, ProfileErrorKind, RackupGame, StrategyConfig};

const SHIPPED: &str = include_str!("presets/default.toml");

/// The shipped profile's text with the line `line` replaced by `by`.
fn edited(line: &str, by: &str) -> String {
    let line = format!("\n{line}\n");
    assert_eq!(SHIPPED.matches(&line).count(), 1, "{line:?} is one line of the shipped profile");
    SHIPPED.replace(&line, &format!("\n{by}\n"))
}

/// The error of the shipped profile with `line` replaced by `by`.
fn error(line: &str, by: &str) -> String {
    let e = Profile::from_toml(&edited(line, by)).unwrap_err();
    let text = e.to_string();
    assert!(!text.contains('\n'), "{text}");
    text
}

#[test]
fn shipped_tables_read_every_yaku() {
    let p = Profile::preset("default").unwrap();
    let rules = ScoreRules::new(&p);
    // Yakuman are written in yakuman and scored in points.
    for (y, v) in [(Yaku::Daisangen, 0), (Yaku::Ryuusei, DAI_RYUUSEI)] {
        assert_eq!(rules.points(y, v), p.yaku.get(y, v) * p.score.yakuman, "{y}");
    }
    assert_eq!(rules.points(Yaku::Ryuusei, 1), p.yaku.get(Yaku::Ryuusei, 1));
    for y in Yaku::ALL {
        for v in 0..y.variants().len().max(1) {
            assert!(rules.points(y, v) > 0, "{y} value {v} scores");
        }
    }
}

#[test]
fn yaku_table_errors_name_the_key() {
    for (line, by, says) in [
        ("riichi = 1", "", "yaku.riichi: missing (立直)"),
        ("riichi = 1", "riichi = 1\nrichi = 1", "yaku.richi: not a yaku"),
        ("hakai = 1", "hakai = -1", "yaku.hakai: -1 is negative"),
        ("sogeki = [1, 3]", "sogeki = [1, -3]", "yaku.sogeki[1]: -3 is negative"),
        ("sogeki = [1, 3]", "sogeki = 3", "yaku.sogeki: expected an array of 2 integers [50 cm, 100 cm]"),
        ("ryuusei = [1, 3, 1]", "ryuusei = [1, 3]", "yaku.ryuusei: expected an array of 3"),
        ("deochi = 1", "deochi = [1]", "yaku.deochi: expected an integer"),
        ("deochi = 1", "deochi = 101", "yaku.deochi: 101 is above 100"),
    ] {
        let e = error(line, by);
        assert!(e.contains(says), "{e}");
        assert!(e.starts_with("line "), "{e}");
    }
}

#[test]
fn score_table_errors_name_the_field() {
    for (line, by, says) in [
        ("cap = 10", "cap = 0", "score.cap"),
        ("haneman = 6", "haneman = 2", "field `score.tiers`: must rise"),
        ("baiman = 8", "", "baiman"),
    ] {
        let e = error(line, by);
        assert!(e.contains(says), "{e}");
    }
    let e = Profile::from_toml(&edited("cap = 10", "cap = 0")).unwrap_err();
    assert!(matches!(e.kind, ProfileErrorKind::Invalid { ref field, .. } if field == "score.cap"), "{e}");
}

/// The shipped scoring rules with `line` of the profile replaced by `by`.
fn rules(line: &str, by: &str) -> ScoreRules {
    ScoreRules::new(&Profile::from_toml(&edited(line, by)).unwrap())
}

fn awarded(r: &YakuResult) -> Vec<Yaku> {
    r.awarded().collect()
}

#[test]
fn a_yaku_at_zero_points_is_never_awarded() {
    let flip = B::new().start().hits(&[Hit::FlipOutFull]);
    assert!(has(&flip.eval(), Yaku::Ichigeki));
    let r = evaluate(&flip.log, &rules("ichigeki = 1", "ichigeki = 0"));
    assert!(!has(&r, Yaku::Ichigeki) && !awarded(&r).contains(&Yaku::Ichigeki), "{:?}", awarded(&r));
    // A yakuman at 0: the ordinary yaku it would have dropped score.
    let clean = B::new().start().hits_of(ShotKind::Safe, &[Hit::MineHit, Hit::None, Hit::MineHit]);
    assert_eq!(awarded(&clean.eval()), [Yaku::Kyoukasuigetsu]);
    let r = evaluate(&clean.log, &rules("kyoukasuigetsu = 1", "kyoukasuigetsu = 0"));
    assert!(!has(&r, Yaku::Kyoukasuigetsu) && has(&r, Yaku::Mujun), "{:?}", awarded(&r));
    assert_eq!(r.yakuman, 0);
    // One value of several at 0: 大流星 is not awarded, and is no yakuman.
    let meteor = |flight| {
        B::new().start().shot(0, Hit::FlipOutFull, |s| {
            s.decl[0] = Decl::Meteor;
            s.flight = flight;
        })
    };
    let no_large = rules("ryuusei = [1, 3, 1]", "ryuusei = [1, 3, 0]");
    let r = evaluate(&meteor(Flight::Large).log, &no_large);
    assert!(!has(&r, Yaku::Ryuusei) && r.yakuman == 0, "{:?}", awarded(&r));
    assert!(has(&evaluate(&meteor(Flight::Medium).log, &no_large), Yaku::Ryuusei));
}

#[test]
fn a_yaku_at_zero_points_overrides_nothing() {
    // 墓穴 at 0: the winner's 純正国士無双 (self-out, clinch, overturn stun) scores.
    let b = B::new().active(0, |s| s.clinch = true).start().shot(0, Hit::SelfOut, |_| {}).start();
    let b = b.ev(Event::Stun { seat: 0, cause: StunCause::Overturned });
    let b = b.hits(&[Hit::BeatHit; 4]).shot(1, Hit::SelfOut, |s| s.contact = true);
    assert_eq!(awarded(&b.eval()), [Yaku::Boketsu]);
    let r = evaluate(&b.log, &rules("boketsu = 1", "boketsu = 0"));
    assert!(has(&r, Yaku::JunseiKokushimusou) && !has(&r, Yaku::Boketsu), "{:?}", awarded(&r));
    // 直撃 at 0: 流星 scores although the loser's machine hit its player.
    let b = B::new().start().shot(0, Hit::FlipOutFull, |s| {
        s.decl[0] = Decl::Meteor;
        s.flight = Flight::Medium;
        s.flags[1].set(SeatFlags::BODY_HIT);
    });
    assert!(!has(&b.eval(), Yaku::Ryuusei));
    let r = evaluate(&b.log, &rules("chokugeki = 1", "chokugeki = 0"));
    assert!(has(&r, Yaku::Ryuusei) && !has(&r, Yaku::Chokugeki), "{:?}", awarded(&r));
    // 二重立直 at 0: the double riichi win is a plain 立直.
    let b = B::new().start().shot(0, Hit::FlipOutFull, riichi);
    assert!(has(&b.eval(), Yaku::DaburuRiichi));
    let r = evaluate(&b.log, &rules("daburu_riichi = 2", "daburu_riichi = 0"));
    assert!(has(&r, Yaku::Riichi) && !has(&r, Yaku::DaburuRiichi), "{:?}", awarded(&r));
}

#[test]
fn a_match_never_reports_a_yaku_at_zero_points() {
    let off = [Yaku::Mujun, Yaku::Boketsu, Yaku::Tenpuku];
    let text = off.iter().fold(SHIPPED.to_string(), |text, y| {
        let line = format!("\n{} = 1\n", y.id());
        assert!(text.contains(&line), "{line:?}");
        text.replace(&line, &format!("\n{} = 0\n", y.id()))
    });
    let zeroed = RackupGame::new(Profile::from_toml(&text).unwrap()).unwrap();
    let shipped = RackupGame::preset("default").unwrap();
    let random = StrategyConfig::preset("random").unwrap();
    for (game, expect_zero) in [(&shipped, false), (&zeroed, true)] {
        let mut counts = [0u32; Yaku::COUNT];
        play_many(game, [random; 2], 21, 3_000, |_, o, _| {
            for y in Yaku::ALL {
                counts[y as usize] += o.yaku_total(y);
            }
        });
        for y in off {
            assert_eq!(counts[y as usize] == 0, expect_zero, "{y}: {}", counts[y as usize]);
        }
        assert!(counts[Yaku::Riichi as usize] > 0);
    }
}
