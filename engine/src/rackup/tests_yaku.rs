//! One positive and one negative hand-built log per yaku, plus the combination
//! rules, the cap, dora counting and 流局 voiding.

use super::log::{
    BarricadeAct, ChomboCase, Decl, Distance, DoraKind, Event, Flight, Hit, RoundLog, SeatFlags, ShotRecord, StunCause,
};
use super::yaku::{ScoreRules, Tier, Verdict, YAKUMAN_POINTS, Yaku, YakuResult, evaluate};

const RULES: ScoreRules = ScoreRules { stack_yakuman: true };

fn damage(h: Hit) -> u8 {
    match h {
        Hit::None => 0,
        Hit::BeatHit => 1,
        Hit::MineHit => 3,
        Hit::FlipOutPartial => 5,
        Hit::FlipOutFull => 6,
        Hit::ActiveOut | Hit::SelfOut => 2,
    }
}

/// A log builder: seat 0 is the usual winner, seat 1 the loser.
struct B {
    log: RoundLog,
    hp: [u8; 2],
}

impl B {
    fn new() -> B {
        B { log: RoundLog::new(1, 6, 2), hp: [6, 6] }
    }

    fn round(mut self, round: u8) -> B {
        self.log.round = round;
        self
    }

    fn ev(mut self, e: Event) -> B {
        assert!(self.log.push(e));
        self
    }

    fn record(mut self, mut s: ShotRecord) -> B {
        for i in 0..2 {
            self.hp[i] -= damage(s.hit[i]).min(self.hp[i]);
        }
        s.hp = self.hp;
        self.ev(Event::Shot(s))
    }

    /// An active shoot with initiative `first`, edited by `f`.
    fn active(self, first: u8, f: impl FnOnce(&mut ShotRecord)) -> B {
        let mut s = ShotRecord { active: true, seat: first, ..Default::default() };
        f(&mut s);
        self.record(s)
    }

    /// A quiet active shoot won by seat 0.
    fn start(self) -> B {
        self.active(0, |_| {})
    }

    /// A normal shot by `shooter` whose target takes `hit` (`SelfOut` hits the shooter).
    fn shot(self, shooter: u8, hit: Hit, f: impl FnOnce(&mut ShotRecord)) -> B {
        let mut s = ShotRecord { seat: shooter, ..Default::default() };
        let target = 1 - shooter as usize;
        match hit {
            Hit::SelfOut => s.hit[shooter as usize] = Hit::SelfOut,
            Hit::None => {}
            _ => {
                s.hit[target] = hit;
                s.contact = hit != Hit::MineHit;
            }
        }
        f(&mut s);
        self.record(s)
    }

    /// Seat 0 hits, seat 1 misses in between (not after the last).
    fn hits(mut self, hits: &[Hit]) -> B {
        for (i, &h) in hits.iter().enumerate() {
            if i > 0 {
                self = self.shot(1, Hit::None, |_| {});
            }
            self = self.shot(0, h, |_| {});
        }
        self
    }

    fn eval(&self) -> YakuResult {
        evaluate(&self.log, &RULES)
    }
}

fn has(r: &YakuResult, y: Yaku) -> bool {
    r.has(y)
}

fn value(r: &YakuResult, y: Yaku) -> u8 {
    r.values[y as usize]
}

fn riichi(s: &mut ShotRecord) {
    s.decl[s.seat as usize] = Decl::Riichi;
}

#[test]
fn ids_and_order() {
    assert_eq!(Yaku::ALL.len(), 37);
    for (i, y) in Yaku::ALL.iter().enumerate() {
        assert_eq!(*y as usize, i);
    }
    assert_eq!(Yaku::Ichigeki.id(), "ichigeki");
    assert_eq!(Yaku::Chuurendantou.kanji(), "九連弾燈");
    let ids: std::collections::HashSet<_> = Yaku::ALL.iter().map(|y| y.id()).collect();
    assert_eq!(ids.len(), 37);
}

#[test]
fn riichi_and_double_riichi() {
    let r = B::new().start().shot(0, Hit::None, |_| {}).shot(1, Hit::None, |_| {});
    let won = r.shot(0, Hit::FlipOutFull, riichi).eval();
    assert_eq!(value(&won, Yaku::Riichi), 1);
    assert!(!has(&won, Yaku::DaburuRiichi));
    let plain = B::new().start().hits(&[Hit::None, Hit::FlipOutFull]).eval();
    assert!(!has(&plain, Yaku::Riichi));
    // 先手 in the first active shoot and riichi on the first normal shot.
    let double = B::new().start().shot(0, Hit::FlipOutFull, riichi).eval();
    assert_eq!(value(&double, Yaku::DaburuRiichi), 2);
    assert!(!has(&double, Yaku::Riichi));
    // The opponent took the initiative: plain riichi.
    let late = B::new().active(1, |_| {}).shot(1, Hit::None, |_| {});
    let late = late.shot(0, Hit::FlipOutFull, riichi).eval();
    assert!(has(&late, Yaku::Riichi) && !has(&late, Yaku::DaburuRiichi));
}

#[test]
fn single_kind_yaku() {
    let cases = [
        (Yaku::Ichigeki, vec![Hit::FlipOutFull], 1),
        (Yaku::Nidatsu, vec![Hit::FlipOutPartial, Hit::FlipOutPartial], 2),
        (Yaku::Nibaku, vec![Hit::MineHit, Hit::MineHit], 1),
        (Yaku::Pinzoro, vec![Hit::BeatHit; 6], 6),
    ];
    for (yaku, hits, points) in cases {
        let r = B::new().start().hits(&hits).eval();
        assert_eq!(value(&r, yaku), points, "{yaku}");
        // Self ring-out damage of the loser does not spoil it.
        let mut with_self = B::new().start().shot(1, Hit::SelfOut, |_| {});
        with_self = with_self.hits(&hits);
        assert_eq!(value(&with_self.eval(), yaku), points, "{yaku} with self-out");
        // A beat hit (or a mine hit for pinzoro) mixed in spoils it.
        let spoiler = if yaku == Yaku::Pinzoro { Hit::MineHit } else { Hit::BeatHit };
        let mixed = B::new().start().hits(&[&[spoiler][..], &hits].concat()).eval();
        assert!(!has(&mixed, yaku), "{yaku} mixed");
    }
}

#[test]
fn ikkiuchi_and_deochi() {
    let out = |s: &mut ShotRecord| {
        s.contact = true;
        s.hit[1] = Hit::ActiveOut;
    };
    let r = B::new().active(0, out).active(0, out).active(1, out).eval();
    assert_eq!(value(&r, Yaku::Ikkiuchi), 3);
    assert_eq!(value(&r, Yaku::Deochi), 1);
    let r = B::new().active(0, out).active(0, out).active(0, |_| {}).hits(&[Hit::BeatHit; 2]).eval();
    assert!(!has(&r, Yaku::Ikkiuchi));
    assert!(!has(&r, Yaku::Deochi), "normal turns were entered");
}

#[test]
fn tanbaku_and_hakai_count() {
    let r = B::new().start().shot(0, Hit::FlipOutFull, |s| {
        s.mines_out = 2;
        s.broken = 1;
    });
    let r = r.eval();
    assert_eq!(value(&r, Yaku::Tanbaku), 2);
    assert_eq!(value(&r, Yaku::Hakai), 1);
    let early = B::new().start().shot(0, Hit::BeatHit, |s| {
        s.mines_out = 1;
        s.broken = 2;
    });
    let r = early.hits(&[Hit::None, Hit::FlipOutFull]).eval();
    assert!(!has(&r, Yaku::Tanbaku) && !has(&r, Yaku::Hakai));
}

#[test]
fn hakoware() {
    let r = B::new().start().hits(&[Hit::BeatHit; 5]).shot(1, Hit::None, |_| {});
    assert_eq!(value(&r.shot(0, Hit::FlipOutFull, |_| {}).eval(), Yaku::Hakoware), 1);
    let r = B::new().start().hits(&[Hit::BeatHit; 4]).shot(1, Hit::None, |_| {});
    assert!(!has(&r.shot(0, Hit::FlipOutFull, |_| {}).eval(), Yaku::Hakoware));
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
    assert_eq!(value(&r, Yaku::Ryuusei), 3);
    // The shooter's own body does not count.
    let r = B::new().start().shot(0, Hit::FlipOutFull, |s| s.flags[0].set(SeatFlags::BODY_HIT));
    assert!(!has(&r.eval(), Yaku::Chokugeki));
}

#[test]
fn ryuusei_distances() {
    for (flight, points) in
        [(Flight::Short, 0), (Flight::Small, 1), (Flight::Medium, 3), (Flight::Large, YAKUMAN_POINTS)]
    {
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
fn boketsu_scores_round_and_overrides_all() {
    // Round 3: the loser rings itself out after touching the winner. The winner
    // also fulfils 純正国士無双 (self-out, clinch, overturn stun): 墓穴 alone counts.
    let b = B::new().round(3).active(0, |s| s.clinch = true).start();
    let b = b.shot(0, Hit::SelfOut, |_| {}).start();
    let b = b.ev(Event::Stun { seat: 0, cause: StunCause::Overturned });
    let b = b.hits(&[Hit::MineHit]).shot(1, Hit::None, |_| {}).shot(0, Hit::BeatHit, |_| {});
    let b = b.shot(1, Hit::SelfOut, |s| s.contact = true);
    let r = b.eval();
    assert_eq!(r.awarded().collect::<Vec<_>>(), vec![Yaku::Boketsu]);
    assert_eq!(value(&r, Yaku::Boketsu), 3);
    assert_eq!(r.yakuman, 0);
    assert_eq!(r.finish, Hit::SelfOut);
    // A self ring-out in an active shoot with contact is no 墓穴.
    let b = B::new().hits(&[Hit::BeatHit; 4]).start();
    let r = b.active(0, |s| {
        s.contact = true;
        s.hit = [Hit::ActiveOut, Hit::SelfOut];
    });
    let r = r.eval();
    assert!(!has(&r, Yaku::Boketsu));
}

#[test]
fn three_action_yaku() {
    // The winner acts three times, no barricade, no damage taken, no direction
    // change, never past a centre line, no contact.
    let clean = || B::new().start().hits(&[Hit::MineHit, Hit::None, Hit::MineHit]);
    let r = clean().eval();
    assert_eq!(value(&r, Yaku::Kyoukasuigetsu), YAKUMAN_POINTS);
    assert_eq!(r.awarded().count(), 1, "a yakuman drops the ordinary yaku");
    // A harmless touch in the loser's shot: no 鏡花水月, the ordinary yaku remain.
    let touched = || B::new().start().shot(1, Hit::None, |s| s.contact = true);
    let r = touched().hits(&[Hit::MineHit, Hit::None, Hit::MineHit]).eval();
    for (y, p) in [(Yaku::Mujun, 1), (Yaku::Hanba, 2), (Yaku::Kanpuu, 2), (Yaku::Chototsumoushin, 3)] {
        assert_eq!(value(&r, y), p, "{y}");
    }
    assert!(!has(&r, Yaku::Kyoukasuigetsu));
    // Two actions are not enough.
    let r = B::new().start().hits(&[Hit::MineHit, Hit::MineHit]).eval();
    for y in [Yaku::Mujun, Yaku::Hanba, Yaku::Kanpuu, Yaku::Chototsumoushin, Yaku::Kyoukasuigetsu] {
        assert!(!has(&r, y), "{y}");
    }
    let barricade = Event::Barricade { seat: 0, act: BarricadeAct::Place };
    assert_eq!(clean().ev(barricade).eval(), clean().eval(), "events after the finish are ignored");
    let touch = |s: &mut ShotRecord| s.contact = true;
    let b = touched().ev(barricade).hits(&[Hit::MineHit, Hit::None, Hit::MineHit]);
    assert!(!has(&b.eval(), Yaku::Mujun));
    let b = B::new().active(0, |s| s.flags[0].set(SeatFlags::CROSSED_CENTRE)).shot(1, Hit::None, touch);
    assert!(!has(&b.hits(&[Hit::MineHit, Hit::None, Hit::MineHit]).eval(), Yaku::Hanba));
    let b = B::new().start().shot(1, Hit::BeatHit, |_| {});
    assert!(!has(&b.hits(&[Hit::MineHit, Hit::None, Hit::MineHit]).eval(), Yaku::Kanpuu));
    let b = B::new().start().shot(1, Hit::None, touch);
    let b = b.shot(0, Hit::None, |s| s.flags[0].set(SeatFlags::DIRECTION_CHANGE));
    let b = b.hits(&[Hit::MineHit, Hit::MineHit]);
    assert!(!has(&b.eval(), Yaku::Chototsumoushin));
    let b = B::new().start().shot(1, Hit::None, |s| s.contact = true);
    assert!(!has(&b.hits(&[Hit::MineHit, Hit::None, Hit::MineHit]).eval(), Yaku::Kyoukasuigetsu));
}

#[test]
fn tenpuku_and_touchou() {
    let b = B::new().start().hits(&[Hit::BeatHit; 5]).shot(1, Hit::None, |_| {});
    let r = b
        .shot(0, Hit::BeatHit, |s| {
            s.flags[1].set(SeatFlags::TURNED_OVER);
            s.flags[0].set(SeatFlags::CLIMB);
        })
        .eval();
    assert_eq!(value(&r, Yaku::Tenpuku), 1);
    assert_eq!(value(&r, Yaku::Touchou), 2);
    // Out of the field: no overturn or climb counts.
    let r = B::new().start().shot(0, Hit::FlipOutFull, |s| {
        s.flags[1].set(SeatFlags::TURNED_OVER);
        s.flags[0].set(SeatFlags::CLIMB);
    });
    let r = r.eval();
    assert!(!has(&r, Yaku::Tenpuku) && !has(&r, Yaku::Touchou));
}

#[test]
fn shoudan() {
    let b = B::new().start().hits(&[Hit::MineHit]).shot(1, Hit::None, |_| {});
    let r = b.shot(0, Hit::MineHit, |s| s.flags[0].set(SeatFlags::TWO_MINES)).eval();
    assert_eq!(value(&r, Yaku::Shoudan), 2);
    let b = B::new().start().shot(0, Hit::MineHit, |s| s.flags[0].set(SeatFlags::TWO_MINES));
    let r = b.hits(&[Hit::None, Hit::MineHit]).eval();
    assert!(!has(&r, Yaku::Shoudan));
}

#[test]
fn sogeki_by_distance() {
    for (distance, points) in [(Distance::Mid, 1), (Distance::Far, 3)] {
        let b = B::new().start().hits(&[Hit::BeatHit; 5]).shot(1, Hit::None, |_| {});
        let r = b.shot(0, Hit::BeatHit, |s| {
            s.decl[0] = Decl::Snipe;
            s.distance = distance;
        });
        assert_eq!(value(&r.eval(), Yaku::Sogeki), points);
    }
    let b = B::new().start().hits(&[Hit::MineHit]).shot(1, Hit::None, |_| {});
    let r = b.shot(0, Hit::MineHit, |s| {
        s.decl[0] = Decl::Snipe;
        s.distance = Distance::Far;
    });
    assert!(!has(&r.eval(), Yaku::Sogeki), "a snipe needs a beat hit");
}

#[test]
fn yuugekishu_landing() {
    for (flags, points) in [(SeatFlags::HALF_TURN | SeatFlags::LANDED, 3), (SeatFlags::HALF_TURN, 1)] {
        let r = B::new().start().shot(0, Hit::FlipOutFull, |s| s.flags[0] = SeatFlags(flags));
        assert_eq!(value(&r.eval(), Yaku::Yuugekishu), points);
    }
    assert!(!has(&B::new().start().hits(&[Hit::FlipOutFull]).eval(), Yaku::Yuugekishu));
}

#[test]
fn daigyakuten() {
    // Seat 0 falls to HP 1 while seat 1 is untouched, then shaves all 6.
    let b = B::new().start().shot(1, Hit::FlipOutPartial, |_| {}).start();
    let r = b.hits(&[Hit::BeatHit, Hit::MineHit, Hit::None, Hit::MineHit]).eval();
    assert_eq!(value(&r, Yaku::Daigyakuten), 3);
    let b = B::new().start().hits(&[Hit::BeatHit]).shot(1, Hit::FlipOutPartial, |_| {}).start();
    let r = b.hits(&[Hit::MineHit, Hit::None, Hit::MineHit]).eval();
    assert!(!has(&r, Yaku::Daigyakuten));
}

#[test]
fn dameoshi() {
    let mine_flip = |contact| {
        B::new()
            .start()
            .shot(0, Hit::FlipOutFull, |s| {
                s.flags[1].set(SeatFlags::VIA_MINE);
                s.contact = contact;
            })
            .eval()
    };
    assert_eq!(value(&mine_flip(false), Yaku::Dameoshi), 3);
    assert!(!has(&mine_flip(true), Yaku::Dameoshi));
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
    assert_eq!(value(&win(false, Decl::Riichi), Yaku::AkutibuRiichi), 3);
    assert_eq!(value(&win(true, Decl::Riichi), Yaku::AkutibuRiichi), 1);
    assert!(!has(&win(false, Decl::Meteor), Yaku::AkutibuRiichi));
    // No contact: no 能動立直.
    let r = B::new().hits(&[Hit::BeatHit; 4]).active(0, |s| {
        s.decl[0] = Decl::Riichi;
        s.hit[1] = Hit::SelfOut;
    });
    assert!(!has(&r.eval(), Yaku::AkutibuRiichi));
}

#[test]
fn sangen() {
    let b = B::new().start().hits(&[Hit::BeatHit, Hit::MineHit, Hit::FlipOutPartial]);
    let r = b.eval();
    assert_eq!(value(&r, Yaku::Shousangen), 3);
    let r = B::new().start().hits(&[Hit::MineHit, Hit::BeatHit, Hit::FlipOutPartial]).eval();
    assert!(!has(&r, Yaku::Shousangen));
    let r = B::new().start().hits(&[Hit::BeatHit, Hit::BeatHit, Hit::MineHit, Hit::FlipOutFull]);
    let r = r.eval();
    assert_eq!(value(&r, Yaku::Daisangen), YAKUMAN_POINTS);
    assert!(!has(&r, Yaku::Shousangen), "yakuman combine only with yakuman");
    let r = B::new().start().hits(&[Hit::BeatHit, Hit::MineHit, Hit::BeatHit, Hit::FlipOutFull]);
    let r = r.eval();
    assert!(!has(&r, Yaku::Daisangen) && has(&r, Yaku::Shousangen));
}

fn rear(s: &mut ShotRecord) {
    s.contact = true;
    s.flags[0].set(SeatFlags::REAR);
}

#[test]
fn sananshou() {
    // Three consecutive rear contacts in the winner's own normal shots; the
    // opponent's shots and active shoots in between do not break the run.
    let b = B::new().start().shot(0, Hit::BeatHit, rear).shot(1, Hit::None, |_| {});
    let b = b.shot(0, Hit::BeatHit, rear).start().shot(0, Hit::BeatHit, rear);
    let b = b.shot(1, Hit::None, |_| {}).shot(0, Hit::MineHit, |_| {});
    assert_eq!(value(&b.eval(), Yaku::Sananshou), 3);
    let b = B::new().start().shot(0, Hit::BeatHit, rear).shot(0, Hit::None, |_| {});
    let b = b.shot(0, Hit::BeatHit, rear).shot(0, Hit::BeatHit, rear);
    assert!(!has(&b.shot(0, Hit::MineHit, |_| {}).eval(), Yaku::Sananshou));
}

#[test]
fn suuanshou() {
    let b = B::new().start().shot(0, Hit::BeatHit, rear).shot(1, Hit::None, |_| {});
    let b = b.shot(0, Hit::BeatHit, rear).active(0, |s| {
        s.contact = true;
        s.flags[0].set(SeatFlags::REAR);
    });
    let b = b.shot(0, Hit::BeatHit, rear).shot(1, Hit::None, |_| {});
    let r = b.shot(0, Hit::MineHit, |s| {
        s.contact = true;
        s.flags[0].set(SeatFlags::REAR);
    });
    let r = r.eval();
    assert_eq!(value(&r, Yaku::Suuanshou), YAKUMAN_POINTS);
    // Four rear contacts, but the finishing shot is not one of them.
    let b = B::new().start().hits(&[Hit::None; 4]);
    let b = (0..4).fold(b, |b, _| b.shot(0, Hit::None, rear));
    let r = b.shot(1, Hit::None, |_| {}).shot(0, Hit::FlipOutFull, |_| {}).eval();
    assert!(!has(&r, Yaku::Suuanshou));
}

#[test]
fn kokushi_pure_and_impure() {
    let base = |cause| {
        B::new()
            .active(0, |s| s.clinch = true)
            .start()
            .shot(0, Hit::SelfOut, |_| {})
            .start()
            .ev(Event::Stun { seat: 0, cause })
            .hits(&[Hit::FlipOutFull])
            .eval()
    };
    let r = base(StunCause::RiichiPenalty);
    assert_eq!(value(&r, Yaku::Kokushimusou), 3);
    assert!(!has(&r, Yaku::JunseiKokushimusou));
    let r = base(StunCause::Overturned);
    assert_eq!(value(&r, Yaku::JunseiKokushimusou), YAKUMAN_POINTS);
    assert!(!has(&r, Yaku::Kokushimusou));
    // No clinch: neither.
    let b = B::new().start().shot(0, Hit::SelfOut, |_| {}).start();
    let b = b.ev(Event::Stun { seat: 0, cause: StunCause::Overturned });
    let r = b.hits(&[Hit::FlipOutFull]).eval();
    assert!(!has(&r, Yaku::Kokushimusou) && !has(&r, Yaku::JunseiKokushimusou));
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
    assert_eq!(value(&r, Yaku::Kishikaisei), YAKUMAN_POINTS);
    let r = counter_win(b(), 0, false);
    assert!(!has(&r, Yaku::Kishikaisei));
    assert_eq!(value(&r, Yaku::Kaisei), 3);
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
    assert_eq!(value(&good.eval(), Yaku::Ryankantsu), YAKUMAN_POINTS);
    // Recovered in the action right after a kan.
    let bad = B::new().start().ev(kan).ev(recover).ev(kan).shot(0, Hit::None, |_| {});
    let bad = bad.ev(recover).shot(0, Hit::FlipOutFull, |_| {});
    assert!(!has(&bad.eval(), Yaku::Ryankantsu));
    // Not holding both barricades at the win.
    let short = B::new().start().ev(kan).shot(0, Hit::None, |_| {}).ev(recover).ev(kan);
    let short = short.shot(0, Hit::FlipOutFull, |_| {});
    assert!(!has(&short.eval(), Yaku::Ryankantsu));
}

#[test]
fn chuurendantou() {
    let b = B::new().start();
    let nine = (0..7).fold(b, |b, _| b.shot(0, Hit::None, |_| {}));
    let r = nine.shot(0, Hit::FlipOutFull, |_| {}).eval();
    assert_eq!(value(&r, Yaku::Chuurendantou), YAKUMAN_POINTS);
    let b = B::new().start();
    let eight = (0..6).fold(b, |b, _| b.shot(0, Hit::None, |_| {}));
    assert!(!has(&eight.shot(0, Hit::FlipOutFull, |_| {}).eval(), Yaku::Chuurendantou));
    let b = B::new().start().ev(Event::Barricade { seat: 1, act: BarricadeAct::Place });
    let acted = (0..7).fold(b, |b, _| b.shot(0, Hit::None, |_| {}));
    assert!(!has(&acted.shot(0, Hit::FlipOutFull, |_| {}).eval(), Yaku::Chuurendantou));
}

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
    // Riichi 1 + ichigeki 1 + dora 4.
    assert_eq!(r.points, 6);
    assert_eq!(r.tier, Tier::Haneman);
    // Without riichi, ura dice (if any) do not count.
    let b = B::new().ev(dora(DoraKind::Omote, 6)).start();
    let r = b.shot(0, Hit::FlipOutFull, |_| {}).ev(dora(DoraKind::Ura, 6)).eval();
    assert_eq!((r.dora, r.ura, r.points), (1, 0, 2));
    // Dora name the finishing move only: a beat-hit die does not count for a flip-out.
    let r = B::new().ev(dora(DoraKind::Omote, 1)).start().hits(&[Hit::FlipOutFull]).eval();
    assert_eq!(r.dora, 0);
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
    assert_eq!((r.points, r.dora), (YAKUMAN_POINTS, 0));
    assert_eq!(r.tier, Tier::Yakuman);
    // 大三元 + 鏡花水月 is impossible (beat hits touch), 大三元 + 九連弾燈 is not.
    let b = B::new().start().hits(&[Hit::None; 1]);
    let b = (0..4).fold(b, |b, _| b.shot(0, Hit::None, |_| {}));
    let b = b.shot(0, Hit::BeatHit, |_| {}).shot(0, Hit::BeatHit, |_| {});
    let b = b.shot(0, Hit::MineHit, |_| {}).shot(0, Hit::FlipOutFull, |_| {});
    let r = b.eval();
    assert!(has(&r, Yaku::Daisangen) && has(&r, Yaku::Chuurendantou));
    assert_eq!(r.points, 2 * YAKUMAN_POINTS);
    let single = evaluate(&b.log, &ScoreRules { stack_yakuman: false });
    assert_eq!(single.points, YAKUMAN_POINTS);
}

#[test]
fn cap_at_ten_is_counted_yakuman() {
    // 一揃 6 + 転覆 1 + 箱割? no: beat finish. 一揃 6 + 完封 2 + 無盾 1 + 猪突猛進 3
    // + 半場 2 = 14, capped to 10.
    let b = B::new().start().hits(&[Hit::BeatHit; 6]);
    let r = b.eval();
    let sum: u32 = r.values.iter().map(|&v| u32::from(v)).sum();
    assert!(sum > 10, "{sum}");
    assert_eq!(r.points, 10);
    assert_eq!(r.tier, Tier::Yakuman);
    assert_eq!(r.yakuman, 0);
}

#[test]
fn tier_names() {
    assert_eq!(
        [1, 2, 3, 5, 6, 7, 8, 9, 10, 20].map(Tier::of),
        [
            Tier::Plain,
            Tier::Plain,
            Tier::Mangan,
            Tier::Mangan,
            Tier::Haneman,
            Tier::Haneman,
            Tier::Baiman,
            Tier::Baiman,
            Tier::Yakuman,
            Tier::Yakuman
        ]
    );
}

#[test]
fn open_round_and_chombo_events_are_neutral() {
    let b = B::new().start().hits(&[Hit::BeatHit]);
    assert_eq!(b.eval().verdict, Verdict::Open);
    let b = b.ev(Event::Chombo { seat: 0, case: ChomboCase::Foul }).hits(&[Hit::None, Hit::FlipOutFull]);
    assert_eq!(b.eval().verdict, Verdict::Win);
}
