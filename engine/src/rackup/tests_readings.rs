//! The disputed readings ([`super::readings`]): each option pinned both ways.

use super::log::{Decl, Event, Hit, SeatFlags, ShotRecord, StunCause};
use super::tests::{plain, play_checked, quiet_profile};
use super::tests_flow::{random, step_match};
use super::tests_yaku::{B, has};
use super::yaku::{ScoreRules, Verdict, Yaku, evaluate};
use super::*;
use crate::{Game, GameRng, GameSeeds};

/// The shipped profile's scoring rules with `edit` applied to its `[rules]`.
fn rules(edit: impl FnOnce(&mut profile::Rules)) -> ScoreRules {
    let mut p = Profile::preset("default").unwrap();
    edit(&mut p.rules);
    ScoreRules::new(&p)
}

/// 相討流局: every active shoot is a double ring-out that knocks one machine
/// out for 6 and costs the pusher 1 for its own ring-out. `both_down`: the
/// pusher is left standing and wins every round; `double_out`: every round is
/// a draw.
#[test]
fn mutual_draw_both_down_or_any_double_out() {
    for (reading, draws) in [(MutualDraw::BothDown, false), (MutualDraw::DoubleOut, true)] {
        let mut p = quiet_profile();
        p.active.contact = 1.0;
        p.active.active_out = 0.0;
        p.active.double_out = 1.0;
        p.active.clinch = 0.0;
        p.damage.active_out = 6;
        p.damage.self_out = 1;
        p.rules.max_rounds = 6;
        p.rules.mutual_draw = reading;
        let game = RackupGame::new(p).unwrap();
        let st = play_checked(&game, &mut GameSeeds::new(40).rng(0), plain);
        let o = game.outcome(&st);
        if draws {
            assert_eq!((o.mutual, o.wins, o.points), (6, [0, 0], [10, 10]), "{o:?}");
        } else {
            assert_eq!(o.mutual, 0, "{o:?}");
            assert!(o.wins[0] + o.wins[1] > 0 && o.yaku_total(Yaku::Ikkiuchi) > 0, "{o:?}");
            assert_eq!(st.last_result().verdict, Verdict::Win);
        }
    }
}

/// 転覆: seat 1 is overturned by a beat hit (stunned, its turn skipped), then
/// seat 0 finishes it with a beat hit that overturns nothing.
#[test]
fn tenpuku_finish_or_lying() {
    let overturn = |s: &mut ShotRecord| s.flags[1].set(SeatFlags::TURNED_OVER);
    let lying = || {
        let b = B::new().start().hits(&[Hit::BeatHit; 4]).shot(1, Hit::None, |_| {});
        b.shot(0, Hit::BeatHit, overturn)
            .ev(Event::Stun { seat: 1, cause: StunCause::Overturned })
            .ev(Event::Skip { seat: 1 })
    };
    let finish = lying().shot(0, Hit::BeatHit, |_| {});
    let [by_finish, by_lying] = [Tenpuku::Finish, Tenpuku::Lying].map(|t| rules(|r| r.tenpuku = t));
    assert!(!has(&evaluate(&finish.log, &by_finish), Yaku::Tenpuku));
    assert!(has(&evaluate(&finish.log, &by_lying), Yaku::Tenpuku));
    // Righted by its own normal action, or by an active shoot: no longer lying.
    let acted = lying().shot(1, Hit::None, |_| {}).shot(0, Hit::BeatHit, |_| {});
    assert!(!has(&evaluate(&acted.log, &by_lying), Yaku::Tenpuku));
    let reset = lying().active(0, |_| {}).shot(0, Hit::BeatHit, |_| {});
    assert!(!has(&evaluate(&reset.log, &by_lying), Yaku::Tenpuku));
    // A flip-out takes it out of the field: no 転覆 either way.
    let out = lying().shot(0, Hit::FlipOutFull, |_| {});
    assert!(!has(&evaluate(&out.log, &by_lying), Yaku::Tenpuku));
}

/// Every normal shot rings its shooter out (after a touch: no chombo ②) for
/// all its HP, and every shooter declares riichi: each round ends with the
/// declarer's riichi shot lost (墓穴 for the other). With
/// `riichi_loss_penalty` the declarer pays 1 more.
#[test]
fn riichi_loss_penalty_off_or_on() {
    for on in [false, true] {
        let mut p = quiet_profile();
        p.shots.plain.self_out = 1.0;
        p.normal.self_out_after_contact = 1.0;
        p.damage.self_out = p.rules.max_hp;
        p.rules.riichi_loss_penalty = on;
        let game = RackupGame::new(p).unwrap();
        let riichi_shot = Action::Turn { kan: false, act: Act::Shot(Decl::Riichi, ShotKind::Plain) };
        let choose = |st: &RackupState, legal: &[Action], rng: &mut GameRng| {
            if legal.contains(&riichi_shot) {
                riichi_shot
            } else {
                plain(&game.view(st, st.to_move.unwrap().into()), legal, rng)
            }
        };
        let mut rounds = 0;
        step_match(&game, &mut GameSeeds::new(41).rng(0), choose, |before, after| {
            if after.round == before.round {
                return;
            }
            rounds += 1;
            let r = before.round;
            let paid = |st: &RackupState| st.outcome.riichi_paid[0] + st.outcome.riichi_paid[1];
            assert_eq!(paid(after) - paid(before), u8::from(on), "round {r}");
            let taken = after.last.points + u8::from(on);
            let moved = before.points[0].abs_diff(after.points[0]);
            assert_eq!(moved, taken, "round {r}: 墓穴 and dora, plus the penalty if on");
            assert!(after.last.has(Yaku::Boketsu));
        });
        assert!(rounds >= 3, "{rounds}");
    }
}

/// 無盾 「試合中」: a clean three-action win, after seat 0 used a barricade in
/// an earlier round.
#[test]
fn mujun_round_or_match() {
    // A touch in the loser's shot: no 鏡花水月 (a yakuman would drop 無盾).
    let b = B::new().start().shot(1, Hit::None, |s| s.contact = true);
    let mut b = b.hits(&[Hit::MineHit, Hit::None, Hit::MineHit]);
    let [round, whole] = [MujunScope::Round, MujunScope::Match].map(|m| rules(|r| r.mujun = m));
    assert!(has(&evaluate(&b.log, &round), Yaku::Mujun) && has(&evaluate(&b.log, &whole), Yaku::Mujun));
    b.log.barricade_used_before = [false, true];
    assert!(has(&evaluate(&b.log, &whole), Yaku::Mujun), "the loser's barricades do not count");
    b.log.barricade_used_before = [true, false];
    assert!(has(&evaluate(&b.log, &round), Yaku::Mujun));
    assert!(!has(&evaluate(&b.log, &whole), Yaku::Mujun));
}

/// Play records in each round's log who placed or stepped with a barricade in
/// the match's earlier rounds (replays included).
#[test]
fn rounds_carry_the_matchs_barricade_use() {
    let game = RackupGame::preset("default").unwrap();
    let mut checked = 0;
    for i in 0..50 {
        let mut used = [false; 2];
        step_match(&game, &mut GameSeeds::new(42).rng(i), random, |before, after| {
            if after.log.events().len() < before.log.events().len() && after.to_move.is_some() {
                for e in before.log.events() {
                    if let Event::Barricade { seat, act: log::BarricadeAct::Place | log::BarricadeAct::Step } = *e {
                        used[seat as usize] = true;
                    }
                }
                checked += u32::from(used != [false; 2]);
            }
            assert_eq!(after.log.barricade_used_before, used);
        });
    }
    assert!(checked > 0);
}

/// 起死回生: the winner's counter blow with its last barricade finishes, after
/// an earlier counter blow of the round.
#[test]
fn kishikaisei_first_or_any() {
    let counter_win = |b: B, last: bool| {
        b.ev(Event::Counter { seat: 0, last }).active(0, |s| {
            s.counter_by = Some(0);
            s.contact = true;
            s.hit[1] = Hit::ActiveOut;
        })
    };
    let base = || B::new().start().hits(&[Hit::BeatHit; 4]).shot(1, Hit::None, |_| {});
    let second = counter_win(base().ev(Event::Counter { seat: 0, last: false }).active(0, |_| {}), true);
    let [first, any] = [Kishikaisei::First, Kishikaisei::Any].map(|k| rules(|r| r.kishikaisei = k));
    assert!(!has(&evaluate(&second.log, &first), Yaku::Kishikaisei));
    assert!(has(&evaluate(&second.log, &any), Yaku::Kishikaisei));
    // Either way: the first counter blow with the last barricade counts, one
    // without it does not.
    let only = counter_win(base(), true);
    assert!(has(&evaluate(&only.log, &first), Yaku::Kishikaisei) && has(&evaluate(&only.log, &any), Yaku::Kishikaisei));
    let not_last = counter_win(base().ev(Event::Counter { seat: 0, last: true }).active(0, |_| {}), false);
    assert!(!has(&evaluate(&not_last.log, &any), Yaku::Kishikaisei));
}

/// The shipped profile keeps today's readings.
#[test]
fn shipped_readings_are_the_defaults() {
    let r = Profile::preset("default").unwrap().rules;
    assert_eq!(
        (r.mutual_draw, r.tenpuku, r.riichi_loss_penalty, r.mujun, r.kishikaisei),
        (MutualDraw::BothDown, Tenpuku::Finish, false, MujunScope::Round, Kishikaisei::First)
    );
    let bad = Profile::PRESETS.text("default").unwrap().replace("tenpuku = \"finish\"", "tenpuku = \"later\"");
    let err = Profile::from_toml(&bad).unwrap_err().to_string();
    assert!(err.contains("tenpuku") || err.contains("later"), "{err}");
    assert!(!err.contains('\n'), "{err}");
}
