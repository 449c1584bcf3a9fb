//! Scoring: dora, ura and kan dora, 流局 voiding, yakuman combination, the cap
//! and the tier names, on hand-built logs, with the shipped profile's values.

use super::Profile;
use super::log::{ChomboCase, DoraKind, Event, Hit, SeatFlags, ShotKind, ShotRecord, StunCause};
use super::tests_yaku::{B, RULES, has, riichi, shipped};
use super::yaku::{ScoreRules, Tier, Verdict, Yaku, evaluate};

#[test]
fn dora_counting_and_ura_after_riichi() {
    let dora = |kind, face| Event::Dora { kind, seat: 0, face };
    // 決め手 full flip-out = face 6. 表 6, 槓 6, 槓 2; ura 6, ura-kan 6 and 1.
    let b = B::new()
        .ev(dora(DoraKind::Omote, 6))
        .start()
        .ev(Event::Kan { seat: 1 })
        .ev(dora(DoraKind::Kan, 6))
        .ev(Event::Kan { seat: 1 })
        .ev(dora(DoraKind::Kan, 2))
        .shot(0, Hit::None, |_| {})
        .shot(1, Hit::None, |_| {});
    let riichi_win = b.shot(0, Hit::FlipOutFull, riichi);
    let with_ura = riichi_win.ev(dora(DoraKind::Ura, 6)).ev(dora(DoraKind::UraKan, 6)).ev(dora(DoraKind::UraKan, 1));
    let r = with_ura.eval();
    assert_eq!((r.dora, r.ura), (4, 2));
    assert_eq!(r.points, shipped(Yaku::Riichi, 0) + shipped(Yaku::Ichigeki, 0) + 4);
    // Without riichi, ura dice (if any) do not count.
    let b = B::new().ev(dora(DoraKind::Omote, 6)).start();
    let r = b.shot(0, Hit::FlipOutFull, |_| {}).ev(dora(DoraKind::Ura, 6)).eval();
    assert_eq!((r.dora, r.ura, r.points), (1, 0, shipped(Yaku::Ichigeki, 0) + 1));
    // Dora name the finishing move only: a beat-hit die does not count for a flip-out.
    let r = B::new().ev(dora(DoraKind::Omote, 1)).start().hits(&[Hit::FlipOutFull]).eval();
    assert_eq!(r.dora, 0);
}

#[test]
fn dora_faces_two_to_five_name_their_finishing_moves() {
    // Each finish with a yaku of its own, so that dora count: 墓穴, 二爆, 一騎打, 二脱.
    let active_out = |s: &mut ShotRecord| {
        s.contact = true;
        s.hit[1] = Hit::ActiveOut;
    };
    let finishes = [
        (2, Hit::SelfOut, B::new().start().hits(&[Hit::BeatHit; 4]).shot(1, Hit::SelfOut, |s| s.contact = true)),
        (3, Hit::MineHit, B::new().start().hits(&[Hit::MineHit; 2])),
        (4, Hit::ActiveOut, B::new().active(0, active_out).active(0, active_out).active(0, active_out)),
        (5, Hit::FlipOutPartial, B::new().start().hits(&[Hit::FlipOutPartial; 2])),
    ];
    for (face, finish, b) in finishes {
        let without = b.eval();
        assert_eq!((without.finish, without.verdict, without.dora), (finish, Verdict::Win, 0), "{finish:?}");
        for (rolled, dora) in (1..=6).map(|f| (f, u8::from(f == face))) {
            let mut log = b.log.clone();
            log.push(Event::Dora { kind: DoraKind::Kan, seat: 1, face: rolled });
            let r = evaluate(&log, &RULES);
            assert_eq!((r.dora, r.points), (dora, without.points + dora), "{finish:?} with a die showing {rolled}");
        }
    }
}

#[test]
fn boketsu_takes_dora_even_over_a_yakuman() {
    // Round 2: the loser rings itself out; the winner also holds 純正国士無双
    // (self-out, clinch, overturn stun), which 墓穴 overrides. The 表 and 槓
    // dice both show 2 (self ring-out).
    let b = B::new().round(2).ev(Event::Dora { kind: DoraKind::Omote, seat: 0, face: 2 });
    let b = b.active(0, |s| s.clinch = true).start().shot(0, Hit::SelfOut, |_| {}).start();
    let b = b.ev(Event::Stun { seat: 0, cause: StunCause::Overturned });
    let b = b.ev(Event::Kan { seat: 0 }).ev(Event::Dora { kind: DoraKind::Kan, seat: 0, face: 2 });
    let r = b.hits(&[Hit::BeatHit; 4]).shot(1, Hit::SelfOut, |s| s.contact = true).eval();
    assert_eq!(r.awarded().collect::<Vec<_>>(), [Yaku::Boketsu]);
    assert_eq!((r.yakuman, r.dora), (0, 2));
    assert_eq!(r.points, 2 * shipped(Yaku::Boketsu, 0) + 2);
}

#[test]
#[should_panic(expected = "a shot after a machine reached HP 0")]
fn hand_built_logs_end_at_the_finishing_shot() {
    B::new().start().hits(&[Hit::FlipOutFull]).shot(1, Hit::None, |_| {});
}

#[test]
fn dora_void_on_ryuukyoku() {
    // A win without yaku (和了流局): beat, partial flip, with direction changes and
    // crossings so no three-action yaku applies.
    let messy = |s: &mut ShotRecord| {
        s.flags[0].set(SeatFlags::DIRECTION_CHANGE | SeatFlags::CROSSED_CENTRE);
    };
    let b = B::new().ev(Event::Dora { kind: DoraKind::Omote, seat: 0, face: 5 });
    let b = b.start().shot(0, Hit::BeatHit, messy).shot(1, Hit::BeatHit, |_| {});
    let r = b.shot(0, Hit::FlipOutPartial, messy).eval();
    assert_eq!(r.verdict, Verdict::NoYaku, "{:?}", r.awarded().collect::<Vec<_>>());
    assert_eq!((r.points, r.dora), (0, 0));
    // 相討流局.
    let b = B::new().hits(&[Hit::BeatHit; 4]).shot(1, Hit::BeatHit, |_| {});
    let b = b.shot(1, Hit::BeatHit, |_| {}).shot(1, Hit::BeatHit, |_| {}).shot(1, Hit::BeatHit, |_| {});
    let r = b.active(0, |s| {
        s.contact = true;
        s.hit = [Hit::SelfOut, Hit::ActiveOut];
    });
    let r = r.eval();
    assert_eq!(r.verdict, Verdict::Mutual);
    assert_eq!(r.points, 0);
}

#[test]
fn yakuman_take_no_dora_and_stack() {
    let b = B::new().ev(Event::Dora { kind: DoraKind::Omote, seat: 0, face: 6 }).start();
    let r = b.hits(&[Hit::BeatHit, Hit::BeatHit, Hit::MineHit, Hit::FlipOutFull]).eval();
    assert_eq!((r.points, r.dora), (shipped(Yaku::Daisangen, 0), 0));
    assert_eq!(r.tier, Tier::Yakuman);
    // 大三元 + 鏡花水月 is impossible (beat hits touch), 大三元 + 九連弾燈 is not.
    let b = B::new().start().hits(&[Hit::None; 1]);
    let b = (0..4).fold(b, |b, _| b.shot(0, Hit::None, |_| {}));
    let b = b.shot(0, Hit::BeatHit, |_| {}).shot(0, Hit::BeatHit, |_| {});
    let b = b.shot(0, Hit::MineHit, |_| {}).shot(0, Hit::FlipOutFull, |_| {});
    let r = b.eval();
    assert!(has(&r, Yaku::Daisangen) && has(&r, Yaku::Chuurendantou));
    let (daisangen, chuuren) = (shipped(Yaku::Daisangen, 0), shipped(Yaku::Chuurendantou, 0));
    assert_eq!(r.points, daisangen + chuuren);
    let mut p = Profile::preset("default").unwrap();
    p.rules.stack_yakuman = false;
    let single = evaluate(&b.log, &ScoreRules::new(&p));
    assert_eq!(single.points, daisangen.max(chuuren));
}

#[test]
fn cap_at_ten_is_counted_yakuman() {
    // 一揃 6 + 完封 2 + 無盾 1 + 猪突猛進 3 (every shot a charge) = 12, capped to 10.
    let b = B::new().start().hits_of(ShotKind::Charge, &[Hit::BeatHit; 6]);
    let r = b.eval();
    let sum: u32 = r.values.iter().map(|&v| u32::from(v)).sum();
    assert!(sum > u32::from(RULES.cap), "{sum}");
    assert_eq!(r.points, RULES.cap);
    assert_eq!(r.tier, RULES.tiers.of(RULES.cap));
    assert_eq!(r.yakuman, 0);
}

#[test]
fn tier_names() {
    // Each name from its least points in the profile, the one below up to one point less.
    let t = RULES.tiers;
    let names =
        [(t.mangan, Tier::Mangan), (t.haneman, Tier::Haneman), (t.baiman, Tier::Baiman), (t.yakuman, Tier::Yakuman)];
    let mut below = Tier::Plain;
    for (least, tier) in names {
        assert_eq!((t.of(least - 1), t.of(least)), (below, tier), "{tier:?}");
        below = tier;
    }
    assert_eq!((t.of(0), t.of(u8::MAX)), (Tier::Plain, Tier::Yakuman));
    // A counted yakuman is named 役満 as the seed names 10 points.
    assert_eq!(t.of(RULES.cap), Tier::Yakuman);
}

#[test]
fn open_round_and_chombo_events_are_neutral() {
    let b = B::new().start().hits(&[Hit::BeatHit]);
    assert_eq!(b.eval().verdict, Verdict::Open);
    let b = b.ev(Event::Chombo { seat: 0, case: ChomboCase::Foul }).hits(&[Hit::None, Hit::FlipOutFull]);
    assert_eq!(b.eval().verdict, Verdict::Win);
}
