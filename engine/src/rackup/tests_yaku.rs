//! One positive and one negative hand-built log per yaku (those hanging on a
//! declaration are in `tests_yaku_calls`), and the log builder the yaku and
//! scoring tests share.

use super::Profile;
use super::log::{BarricadeAct, Decl, Event, Hit, RoundLog, SeatFlags, ShotKind, ShotRecord, StunCause};
use super::yaku::{ScoreRules, Yaku, YakuResult, evaluate};
use std::sync::LazyLock;

/// The shipped profile's scoring rules.
pub(super) static RULES: LazyLock<ScoreRules> = LazyLock::new(|| ScoreRules::new(&Profile::preset("default").unwrap()));

/// The points of `yaku`'s `value`-th value in the shipped profile (which
/// scores every yaku: a test of a yaku expects it to score).
pub(super) fn shipped(yaku: Yaku, value: usize) -> u8 {
    let points = RULES.points(yaku, value);
    assert!(points > 0, "the shipped profile scores {yaku} value {value}");
    points
}

pub(super) fn damage(h: Hit) -> u8 {
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
pub(super) struct B {
    pub(super) log: RoundLog,
    hp: [u8; 2],
}

impl B {
    pub(super) fn new() -> B {
        B { log: RoundLog::new(1, [6, 6], 2), hp: [6, 6] }
    }

    pub(super) fn round(mut self, round: u8) -> B {
        self.log.round = round;
        self
    }

    pub(super) fn ev(mut self, e: Event) -> B {
        assert!(self.log.push(e));
        self
    }

    /// Appends a shot, with the HP after it. Panics when a machine is at HP 0
    /// already: [`evaluate`] reads logs that end with the finishing shot (and
    /// the ura dora after it), as play writes them.
    fn record(mut self, mut s: ShotRecord) -> B {
        assert!(!self.hp.contains(&0), "a shot after a machine reached HP 0: {:?}", self.log.events().last());
        for i in 0..2 {
            self.hp[i] -= damage(s.hit[i]).min(self.hp[i]);
        }
        s.hp = self.hp;
        self.ev(Event::Shot(s))
    }

    /// An active shoot with initiative `first`, edited by `f`.
    pub(super) fn active(self, first: u8, f: impl FnOnce(&mut ShotRecord)) -> B {
        let mut s = ShotRecord { active: true, seat: first, ..Default::default() };
        f(&mut s);
        self.record(s)
    }

    /// A quiet active shoot won by seat 0.
    pub(super) fn start(self) -> B {
        self.active(0, |_| {})
    }

    /// A normal shot by `shooter` whose target takes `hit` (`SelfOut` hits the shooter).
    pub(super) fn shot(self, shooter: u8, hit: Hit, f: impl FnOnce(&mut ShotRecord)) -> B {
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

    /// Seat 0 hits with plain shots, seat 1 misses in between (not after the last).
    pub(super) fn hits(self, hits: &[Hit]) -> B {
        self.hits_of(ShotKind::Plain, hits)
    }

    /// [`B::hits`] with seat 0's shots of `kind`.
    pub(super) fn hits_of(mut self, kind: ShotKind, hits: &[Hit]) -> B {
        for (i, &h) in hits.iter().enumerate() {
            if i > 0 {
                self = self.shot(1, Hit::None, |_| {});
            }
            self = self.shot(0, h, |s| s.kind = kind);
        }
        self
    }

    /// The log evaluated under the shipped rules; the awarded bits checked against the values.
    pub(super) fn eval(&self) -> YakuResult {
        let r = evaluate(&self.log, &RULES);
        for y in Yaku::ALL {
            assert_eq!(r.has(y), r.values[y as usize] > 0, "{y}: bits {:#x}, values {:?}", r.awarded_bits, r.values);
        }
        r
    }
}

pub(super) fn has(r: &YakuResult, y: Yaku) -> bool {
    r.has(y)
}

pub(super) fn value(r: &YakuResult, y: Yaku) -> u8 {
    r.values[y as usize]
}

pub(super) fn riichi(s: &mut ShotRecord) {
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
    let yakuman: Vec<_> = Yaku::ALL.into_iter().filter(|y| y.is_yakuman()).collect();
    assert_eq!(yakuman.len(), 7, "流星 is a yakuman only at 150 cm");
    assert!(!Yaku::Ryuusei.is_yakuman() && !Yaku::Kokushimusou.is_yakuman());
    let ids: std::collections::HashSet<_> = Yaku::ALL.iter().map(|y| y.id()).collect();
    assert_eq!(ids.len(), 37);
    // The variant slots number every value of the yaku with several, in order.
    let with: Vec<Yaku> = Yaku::ALL.into_iter().filter(|y| !y.variants().is_empty()).collect();
    assert_eq!(with, Yaku::WITH_VARIANTS);
    let slots: Vec<usize> =
        with.iter().flat_map(|&y| (0..y.variants().len()).map(move |v| y.variant_slot(v as u8))).collect();
    assert_eq!(slots, (0..Yaku::VARIANT_SLOTS).collect::<Vec<_>>());
}

/// Seat 0 hits with `kind` (seat 1 missing in between) until seat 1 is down.
fn until_down(b: B, kind: Hit) -> B {
    let mut b = b.shot(0, kind, |_| {});
    while b.hp[1] > 0 {
        b = b.shot(1, Hit::None, |_| {}).shot(0, kind, |_| {});
    }
    b
}

#[test]
fn single_kind_yaku() {
    for (yaku, kind) in [
        (Yaku::Ichigeki, Hit::FlipOutFull),
        (Yaku::Nidatsu, Hit::FlipOutPartial),
        (Yaku::Nibaku, Hit::MineHit),
        (Yaku::Pinzoro, Hit::BeatHit),
    ] {
        let points = shipped(yaku, 0);
        let r = until_down(B::new().start(), kind).eval();
        assert_eq!(value(&r, yaku), points, "{yaku}");
        // Self ring-out damage of the loser does not spoil it.
        let with_self = until_down(B::new().start().shot(1, Hit::SelfOut, |_| {}), kind);
        assert_eq!(value(&with_self.eval(), yaku), points, "{yaku} with self-out");
        // A beat hit (or a mine hit for pinzoro) mixed in spoils it.
        let spoiler = if yaku == Yaku::Pinzoro { Hit::MineHit } else { Hit::BeatHit };
        let mixed = until_down(B::new().start().shot(0, spoiler, |_| {}).shot(1, Hit::None, |_| {}), kind).eval();
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
    assert_eq!(value(&r, Yaku::Ikkiuchi), shipped(Yaku::Ikkiuchi, 0));
    assert_eq!(value(&r, Yaku::Deochi), shipped(Yaku::Deochi, 0));
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
    assert_eq!(value(&r, Yaku::Tanbaku), 2 * shipped(Yaku::Tanbaku, 0), "per mine");
    assert_eq!(value(&r, Yaku::Hakai), shipped(Yaku::Hakai, 0));
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
    assert_eq!(value(&r.shot(0, Hit::FlipOutFull, |_| {}).eval(), Yaku::Hakoware), shipped(Yaku::Hakoware, 0));
    let r = B::new().start().hits(&[Hit::BeatHit; 4]).shot(1, Hit::None, |_| {});
    assert!(!has(&r.shot(0, Hit::FlipOutFull, |_| {}).eval(), Yaku::Hakoware));
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
    assert_eq!(value(&r, Yaku::Boketsu), 3 * shipped(Yaku::Boketsu, 0), "per round number");
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
    // The winner acts three times, no barricade, no damage taken, never past a
    // centre line, no contact, every shot safe.
    let misses = [Hit::MineHit, Hit::None, Hit::MineHit];
    let clean = || B::new().start().hits_of(ShotKind::Safe, &misses);
    let r = clean().eval();
    assert_eq!(value(&r, Yaku::Kyoukasuigetsu), shipped(Yaku::Kyoukasuigetsu, 0));
    assert_eq!(r.awarded().count(), 1, "a yakuman drops the ordinary yaku");
    // A harmless touch in the loser's shot: no 鏡花水月, the ordinary yaku remain,
    // and those of a way of playing only with its shots.
    let touched = || B::new().start().shot(1, Hit::None, |s| s.contact = true);
    for (kind, way) in [(ShotKind::Half, Yaku::Hanba), (ShotKind::Charge, Yaku::Chototsumoushin)] {
        let r = touched().hits_of(kind, &misses).eval();
        for y in [Yaku::Mujun, Yaku::Kanpuu, way] {
            assert_eq!(value(&r, y), shipped(y, 0), "{y}");
        }
        assert!(!has(&r, Yaku::Kyoukasuigetsu));
    }
    // Two actions are not enough.
    for kind in [ShotKind::Safe, ShotKind::Half, ShotKind::Charge] {
        let r = B::new().start().hits_of(kind, &[Hit::MineHit, Hit::MineHit]).eval();
        for y in [Yaku::Mujun, Yaku::Hanba, Yaku::Kanpuu, Yaku::Chototsumoushin, Yaku::Kyoukasuigetsu] {
            assert!(!has(&r, y), "{y}");
        }
    }
    let barricade = Event::Barricade { seat: 0, act: BarricadeAct::Place };
    assert_eq!(clean().ev(barricade).eval(), clean().eval(), "events after the finish are ignored");
    let touch = |s: &mut ShotRecord| s.contact = true;
    let b = touched().ev(barricade).hits(&misses);
    assert!(!has(&b.eval(), Yaku::Mujun));
    let b = B::new().active(0, |s| s.flags[0].set(SeatFlags::CROSSED_CENTRE)).shot(1, Hit::None, touch);
    assert!(!has(&b.hits_of(ShotKind::Half, &misses).eval(), Yaku::Hanba));
    let b = B::new().start().shot(1, Hit::BeatHit, |_| {});
    assert!(!has(&b.hits(&misses).eval(), Yaku::Kanpuu));
    let b = B::new().start().shot(1, Hit::None, touch);
    let b = b.shot(0, Hit::None, |s| {
        s.kind = ShotKind::Charge;
        s.flags[0].set(SeatFlags::DIRECTION_CHANGE);
    });
    let b = b.hits_of(ShotKind::Charge, &[Hit::MineHit, Hit::MineHit]);
    assert!(!has(&b.eval(), Yaku::Chototsumoushin));
    let b = B::new().start().shot(1, Hit::None, |s| s.contact = true);
    assert!(!has(&b.hits_of(ShotKind::Safe, &misses).eval(), Yaku::Kyoukasuigetsu));
}

/// 半場, 猪突猛進 and 鏡花水月 reward a way of playing: with the same outcomes,
/// plain shots (or one shot of another kind among them) never score them.
#[test]
fn ways_of_playing_need_every_shot_of_their_kind() {
    let misses = [Hit::MineHit, Hit::None, Hit::MineHit];
    let ways = [
        (ShotKind::Safe, Yaku::Kyoukasuigetsu),
        (ShotKind::Half, Yaku::Hanba),
        (ShotKind::Charge, Yaku::Chototsumoushin),
    ];
    let plain = B::new().start().hits(&misses).eval();
    for (kind, way) in ways {
        assert!(has(&B::new().start().hits_of(kind, &misses).eval(), way), "{way}");
        assert!(!has(&plain, way), "{way} without its shots");
        // One plain shot first, then the way's shots: not the way.
        let mixed = B::new().start().shot(0, Hit::None, |_| {}).shot(1, Hit::None, |_| {});
        assert!(!has(&mixed.hits_of(kind, &misses).eval(), way), "{way} after a plain shot");
    }
    assert!(has(&plain, Yaku::Mujun) && has(&plain, Yaku::Kanpuu), "the outcome yaku stay");
    // Winning by an active shoot after barricade actions only: no shot, no way.
    let place = Event::Barricade { seat: 0, act: BarricadeAct::Place };
    let recover = Event::Barricade { seat: 0, act: BarricadeAct::Recover(1) };
    let b = B::new().start().ev(place).ev(recover).ev(place).shot(1, Hit::None, |_| {});
    let r = b.active(0, |s| s.hit[1] = Hit::ActiveOut).active(0, |s| s.hit[1] = Hit::ActiveOut);
    let r = r.active(0, |s| s.hit[1] = Hit::ActiveOut).eval();
    for (_, way) in ways {
        assert!(!has(&r, way), "{way}");
    }
}

#[test]
fn tenpuku_and_touchou() {
    let climb = |kind| {
        let b = B::new().start().hits(&[Hit::BeatHit; 5]).shot(1, Hit::None, |_| {});
        b.shot(0, Hit::BeatHit, |s| {
            s.kind = kind;
            s.flags[1].set(SeatFlags::TURNED_OVER);
            s.flags[0].set(SeatFlags::CLIMB);
        })
        .eval()
    };
    let r = climb(ShotKind::Ride);
    assert_eq!(value(&r, Yaku::Tenpuku), shipped(Yaku::Tenpuku, 0));
    assert_eq!(value(&r, Yaku::Touchou), shipped(Yaku::Touchou, 0));
    // 登頂 rewards the ride: a climb in a shot of another kind does not score it.
    let r = climb(ShotKind::Beat);
    assert!(has(&r, Yaku::Tenpuku) && !has(&r, Yaku::Touchou));
    // Out of the field: no overturn or climb counts.
    let r = B::new().start().shot(0, Hit::FlipOutFull, |s| {
        s.kind = ShotKind::Ride;
        s.flags[1].set(SeatFlags::TURNED_OVER);
        s.flags[0].set(SeatFlags::CLIMB);
    });
    let r = r.eval();
    assert!(!has(&r, Yaku::Tenpuku) && !has(&r, Yaku::Touchou));
}

#[test]
fn shoudan() {
    let two = |kind| {
        move |s: &mut ShotRecord| {
            s.kind = kind;
            s.flags[0].set(SeatFlags::TWO_MINES);
        }
    };
    let b = B::new().start().hits(&[Hit::MineHit]).shot(1, Hit::None, |_| {});
    let r = b.shot(0, Hit::MineHit, two(ShotKind::Mine)).eval();
    assert_eq!(value(&r, Yaku::Shoudan), shipped(Yaku::Shoudan, 0));
    // Not the finishing shot.
    let b = B::new().start().shot(0, Hit::MineHit, two(ShotKind::Mine));
    let r = b.hits(&[Hit::None, Hit::MineHit]).eval();
    assert!(!has(&r, Yaku::Shoudan));
    // Two mines in a shot not aimed at a mine.
    let b = B::new().start().hits(&[Hit::MineHit]).shot(1, Hit::None, |_| {});
    assert!(!has(&b.shot(0, Hit::MineHit, two(ShotKind::Plain)).eval(), Yaku::Shoudan));
}

#[test]
fn yuugekishu_landing() {
    for (flags, landed) in [(SeatFlags::HALF_TURN | SeatFlags::LANDED, 0), (SeatFlags::HALF_TURN, 1)] {
        let r = B::new().start().shot(0, Hit::FlipOutFull, |s| {
            s.kind = ShotKind::Jump;
            s.flags[0] = SeatFlags(flags);
        });
        let r = r.eval();
        assert_eq!(value(&r, Yaku::Yuugekishu), shipped(Yaku::Yuugekishu, landed));
        assert_eq!(r.variant_slots().collect::<Vec<_>>(), [Yaku::Yuugekishu.variant_slot(landed as u8)]);
        // A half turn in a shot that is no jump does not score.
        let r = B::new().start().shot(0, Hit::FlipOutFull, |s| s.flags[0] = SeatFlags(flags));
        assert!(!has(&r.eval(), Yaku::Yuugekishu));
    }
    assert!(!has(&B::new().start().hits_of(ShotKind::Jump, &[Hit::FlipOutFull]).eval(), Yaku::Yuugekishu));
}

#[test]
fn daigyakuten() {
    // Seat 0 falls to HP 1 while seat 1 is untouched, then shaves all 6.
    let b = B::new().start().shot(1, Hit::FlipOutPartial, |_| {}).start();
    let r = b.hits(&[Hit::BeatHit, Hit::MineHit, Hit::None, Hit::MineHit]).eval();
    assert_eq!(value(&r, Yaku::Daigyakuten), shipped(Yaku::Daigyakuten, 0));
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
    assert_eq!(value(&mine_flip(false), Yaku::Dameoshi), shipped(Yaku::Dameoshi, 0));
    assert!(!has(&mine_flip(true), Yaku::Dameoshi));
}

#[test]
fn sangen() {
    let b = B::new().start().hits(&[Hit::BeatHit, Hit::MineHit, Hit::FlipOutPartial]);
    let r = b.eval();
    assert_eq!(value(&r, Yaku::Shousangen), shipped(Yaku::Shousangen, 0));
    let r = B::new().start().hits(&[Hit::MineHit, Hit::BeatHit, Hit::FlipOutPartial]).eval();
    assert!(!has(&r, Yaku::Shousangen));
    let r = B::new().start().hits(&[Hit::BeatHit, Hit::BeatHit, Hit::MineHit, Hit::FlipOutFull]);
    let r = r.eval();
    assert_eq!(value(&r, Yaku::Daisangen), shipped(Yaku::Daisangen, 0));
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
    assert_eq!(value(&b.eval(), Yaku::Sananshou), shipped(Yaku::Sananshou, 0));
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
    assert_eq!(value(&r, Yaku::Suuanshou), shipped(Yaku::Suuanshou, 0));
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
    assert_eq!(value(&r, Yaku::Kokushimusou), shipped(Yaku::Kokushimusou, 0));
    assert!(!has(&r, Yaku::JunseiKokushimusou));
    let r = base(StunCause::Overturned);
    assert_eq!(value(&r, Yaku::JunseiKokushimusou), shipped(Yaku::JunseiKokushimusou, 0));
    assert!(!has(&r, Yaku::Kokushimusou));
    // No clinch: neither.
    let b = B::new().start().shot(0, Hit::SelfOut, |_| {}).start();
    let b = b.ev(Event::Stun { seat: 0, cause: StunCause::Overturned });
    let r = b.hits(&[Hit::FlipOutFull]).eval();
    assert!(!has(&r, Yaku::Kokushimusou) && !has(&r, Yaku::JunseiKokushimusou));
}

#[test]
fn chuurendantou() {
    let b = B::new().start();
    let nine = (0..7).fold(b, |b, _| b.shot(0, Hit::None, |_| {}));
    let r = nine.shot(0, Hit::FlipOutFull, |_| {}).eval();
    assert_eq!(value(&r, Yaku::Chuurendantou), shipped(Yaku::Chuurendantou, 0));
    let b = B::new().start();
    let eight = (0..6).fold(b, |b, _| b.shot(0, Hit::None, |_| {}));
    assert!(!has(&eight.shot(0, Hit::FlipOutFull, |_| {}).eval(), Yaku::Chuurendantou));
    let b = B::new().start().ev(Event::Barricade { seat: 1, act: BarricadeAct::Place });
    let acted = (0..7).fold(b, |b, _| b.shot(0, Hit::None, |_| {}));
    assert!(!has(&acted.shot(0, Hit::FlipOutFull, |_| {}).eval(), Yaku::Chuurendantou));
}
