//! Positive and negative logs for the yaku that hang on a declaration: riichi,
//! double and active riichi, snipe, meteor (and 直撃 over it), counter blows, kans.

use super::log::{BarricadeAct, Decl, Distance, Event, Flight, Hit, SeatFlags};
use super::tests_yaku::{B, has, riichi, shipped, value};
use super::yaku::points::DAI_RYUUSEI;
use super::yaku::{Yaku, YakuResult};

#[test]
fn riichi_and_double_riichi() {
    let r = B::new().start().shot(0, Hit::None, |_| {}).shot(1, Hit::None, |_| {});
    let won = r.shot(0, Hit::FlipOutFull, riichi).eval();
    assert_eq!(value(&won, Yaku::Riichi), shipped(Yaku::Riichi, 0));
    assert!(!has(&won, Yaku::DaburuRiichi));
    let plain = B::new().start().hits(&[Hit::None, Hit::FlipOutFull]).eval();
    assert!(!has(&plain, Yaku::Riichi));
    // 先手 in the first active shoot and riichi on the first normal shot.
    let double = B::new().start().shot(0, Hit::FlipOutFull, riichi).eval();
    assert_eq!(value(&double, Yaku::DaburuRiichi), shipped(Yaku::DaburuRiichi, 0));
    assert!(!has(&double, Yaku::Riichi));
    // The opponent took the initiative: plain riichi.
    let late = B::new().active(1, |_| {}).shot(1, Hit::None, |_| {});
    let late = late.shot(0, Hit::FlipOutFull, riichi).eval();
    assert!(has(&late, Yaku::Riichi) && !has(&late, Yaku::DaburuRiichi));
}

#[test]
fn chokugeki_beats_ryuusei() {
    let meteor = |body: bool| {
        B::new()
            .start()
            .shot(0, Hit::FlipOutFull, |s| {
                s.decl[0] = Decl::Meteor;
                s.flight = Flight::Medium;
                if body {
                    s.flags[1].set(SeatFlags::BODY_HIT);
                }
            })
            .eval()
    };
    let r = meteor(true);
    assert!(has(&r, Yaku::Chokugeki) && !has(&r, Yaku::Ryuusei));
    let r = meteor(false);
    assert!(!has(&r, Yaku::Chokugeki));
    assert_eq!(value(&r, Yaku::Ryuusei), shipped(Yaku::Ryuusei, 1));
    // The shooter's own body does not count.
    let r = B::new().start().shot(0, Hit::FlipOutFull, |s| s.flags[0].set(SeatFlags::BODY_HIT));
    assert!(!has(&r.eval(), Yaku::Chokugeki));
}

#[test]
fn ryuusei_distances() {
    let ryuusei = |v| shipped(Yaku::Ryuusei, v);
    for (flight, points) in [
        (Flight::Short, 0),
        (Flight::Small, ryuusei(0)),
        (Flight::Medium, ryuusei(1)),
        (Flight::Large, ryuusei(DAI_RYUUSEI)),
    ] {
        let r = B::new().start().shot(0, Hit::FlipOutPartial, |s| {
            s.decl[0] = Decl::Meteor;
            s.flight = flight;
        });
        let r = r.active(0, |_| {}).shot(0, Hit::FlipOutPartial, |s| {
            s.decl[0] = Decl::Meteor;
            s.flight = flight;
        });
        let r = r.eval();
        assert_eq!(value(&r, Yaku::Ryuusei), points, "{flight:?}");
        assert_eq!(r.yakuman != 0, flight == Flight::Large);
    }
    let undeclared = B::new().start().shot(0, Hit::FlipOutFull, |s| s.flight = Flight::Large);
    assert!(!has(&undeclared.eval(), Yaku::Ryuusei));
}

#[test]
fn sogeki_by_distance() {
    for (distance, v) in [(Distance::Mid, 0), (Distance::Far, 1)] {
        let b = B::new().start().hits(&[Hit::BeatHit; 5]).shot(1, Hit::None, |_| {});
        let r = b.shot(0, Hit::BeatHit, |s| {
            s.decl[0] = Decl::Snipe;
            s.distance = distance;
        });
        assert_eq!(value(&r.eval(), Yaku::Sogeki), shipped(Yaku::Sogeki, v));
    }
    let b = B::new().start().hits(&[Hit::MineHit]).shot(1, Hit::None, |_| {});
    let r = b.shot(0, Hit::MineHit, |s| {
        s.decl[0] = Decl::Snipe;
        s.distance = Distance::Far;
    });
    assert!(!has(&r.eval(), Yaku::Sogeki), "a snipe needs a beat hit");
}

#[test]
fn akutibu_riichi() {
    let win = |self_out: bool, decl: Decl| {
        B::new()
            .hits(&[Hit::BeatHit; 4])
            .active(1, |s| {
                s.decl[0] = decl;
                s.contact = true;
                s.hit[1] = Hit::ActiveOut;
                if self_out {
                    s.hit[0] = Hit::SelfOut;
                }
            })
            .eval()
    };
    assert_eq!(value(&win(false, Decl::Riichi), Yaku::AkutibuRiichi), shipped(Yaku::AkutibuRiichi, 0));
    assert_eq!(value(&win(true, Decl::Riichi), Yaku::AkutibuRiichi), shipped(Yaku::AkutibuRiichi, 1));
    assert!(!has(&win(false, Decl::Meteor), Yaku::AkutibuRiichi));
    // No contact: no 能動立直.
    let r = B::new().hits(&[Hit::BeatHit; 4]).active(0, |s| {
        s.decl[0] = Decl::Riichi;
        s.hit[1] = Hit::SelfOut;
    });
    assert!(!has(&r.eval(), Yaku::AkutibuRiichi));
}

fn counter_win(b: B, by: u8, last: bool) -> YakuResult {
    b.ev(Event::Counter { seat: by, last })
        .active(0, |s| {
            s.counter_by = Some(by);
            s.contact = true;
            s.hit[1] = Hit::ActiveOut;
        })
        .eval()
}

#[test]
fn kaisei_and_kishikaisei() {
    let b = || B::new().start().hits(&[Hit::BeatHit; 4]).shot(1, Hit::None, |_| {});
    let r = counter_win(b(), 0, true);
    assert_eq!(value(&r, Yaku::Kishikaisei), shipped(Yaku::Kishikaisei, 0));
    let r = counter_win(b(), 0, false);
    assert!(!has(&r, Yaku::Kishikaisei));
    assert_eq!(value(&r, Yaku::Kaisei), shipped(Yaku::Kaisei, 0));
    let r = counter_win(b(), 1, true);
    assert!(!has(&r, Yaku::Kaisei) && !has(&r, Yaku::Kishikaisei));
    // Not the winner's first counter blow.
    let earlier = b().ev(Event::Counter { seat: 0, last: false }).active(0, |_| {});
    let r = counter_win(earlier, 0, true);
    assert!(!has(&r, Yaku::Kishikaisei) && has(&r, Yaku::Kaisei));
}

#[test]
fn ryankantsu() {
    let kan = Event::Kan { seat: 0 };
    let recover = Event::Barricade { seat: 0, act: BarricadeAct::Recover(2) };
    let good = B::new().start().ev(kan).shot(0, Hit::None, |_| {}).ev(recover).ev(kan);
    let good = good.shot(0, Hit::None, |_| {}).ev(recover).shot(0, Hit::FlipOutFull, |_| {});
    assert_eq!(value(&good.eval(), Yaku::Ryankantsu), shipped(Yaku::Ryankantsu, 0));
    // Recovered in the action right after a kan.
    let bad = B::new().start().ev(kan).ev(recover).ev(kan).shot(0, Hit::None, |_| {});
    let bad = bad.ev(recover).shot(0, Hit::FlipOutFull, |_| {});
    assert!(!has(&bad.eval(), Yaku::Ryankantsu));
    // Not holding both barricades at the win.
    let short = B::new().start().ev(kan).shot(0, Hit::None, |_| {}).ev(recover).ev(kan);
    let short = short.shot(0, Hit::FlipOutFull, |_| {});
    assert!(!has(&short.eval(), Yaku::Ryankantsu));
}
