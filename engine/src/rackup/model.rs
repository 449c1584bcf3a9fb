//! The physical layer: a stochastic shot model with precomputed thresholds.
//!
//! A shot is drawn from the profile's chances as one categorical outcome plus
//! independent facts (rear contact, overturn, centre line, …). The model knows
//! nothing of HP, points or yaku: it only fills a [`ShotRecord`].

use super::log::{Decl, Distance, Flight, Hit, SeatFlags, ShotRecord};
use super::profile::{Player, Profile};
use crate::GameRng;
use rand::Rng;

/// A chance as a threshold on a uniform `u32`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Chance(u64);

impl Chance {
    pub(crate) fn new(p: f64) -> Chance {
        Chance((p.clamp(0.0, 1.0) * 4_294_967_296.0).round() as u64)
    }

    pub(crate) fn draw(self, d: &mut Draws<'_>) -> bool {
        u64::from(d.next()) < self.0
    }
}

/// Uniform 32-bit draws from the game's stream, two from each 64-bit word.
pub(crate) struct Draws<'r> {
    rng: &'r mut GameRng,
    spare: Option<u32>,
}

impl<'r> Draws<'r> {
    pub(crate) fn new(rng: &'r mut GameRng) -> Self {
        Draws { rng, spare: None }
    }

    pub(crate) fn next(&mut self) -> u32 {
        match self.spare.take() {
            Some(x) => x,
            None => {
                let w = self.rng.next_u64();
                self.spare = Some((w >> 32) as u32);
                w as u32
            }
        }
    }
}

/// Order of the categorical outcomes of a normal shot.
const OUTCOMES: [Hit; 5] = [Hit::BeatHit, Hit::MineHit, Hit::FlipOutPartial, Hit::FlipOutFull, Hit::SelfOut];

/// Outcome chances of one normal-shot situation: the five hits, then clinch.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct OutcomeTable {
    /// Chances of beat, mine, partial, full, self-out, clinch.
    pub(crate) p: [f64; 6],
    cumulative: [u64; 6],
}

impl OutcomeTable {
    fn new(mut p: [f64; 6]) -> OutcomeTable {
        let sum: f64 = p.iter().sum();
        if sum > 1.0 {
            p.iter_mut().for_each(|x| *x /= sum);
        }
        let mut cumulative = [0; 6];
        let mut acc = 0.0;
        for (c, x) in cumulative.iter_mut().zip(p) {
            acc += x;
            *c = Chance::new(acc).0;
        }
        OutcomeTable { p, cumulative }
    }

    /// Index into [beat, mine, partial, full, self-out, clinch], or 6 for a miss.
    fn draw(&self, d: &mut Draws<'_>) -> usize {
        let r = u64::from(d.next());
        self.cumulative.iter().position(|&c| r < c).unwrap_or(6)
    }
}

/// Number of enemy-barricade levels tabulated (0, 1, 2, 3 or more).
pub(crate) const BARRICADE_LEVELS: usize = 4;

/// The shot model of one game (profile and players), ready to sample.
#[derive(Clone, Debug)]
pub(crate) struct ShotModel {
    /// `[shooter][distance][enemy barricades on the field]`.
    pub(crate) normal: [[[OutcomeTable; BARRICADE_LEVELS]; 3]; 2],
    flip_via_mine: Chance,
    mine_hit_contact: Chance,
    self_out_after_contact: Chance,
    two_mines: Chance,
    rear: Chance,
    turn_over: Chance,
    climb: Chance,
    half_turn: Chance,
    landing: Chance,
    cross_centre: Chance,
    direction_change: [Chance; 2],
    /// Cumulative: one or two mines out, two mines out.
    mine_out: [Chance; 2],
    body_hit: Chance,
    barricade_break: Chance,
    distance: [Chance; 2],
    first: Chance,
    contact: Chance,
    /// Given contact: cumulative active out, double out, clinch.
    active: [Chance; 3],
    /// `[initiative seat]`: the initiative taker is the pusher.
    pub(crate) pusher_first: [Chance; 2],
    active_self_out: Chance,
    active_rear: Chance,
    active_cross: Chance,
    active_mine_out: Chance,
    active_body_hit: Chance,
    /// Cumulative flight: 150, 100, 50 cm or more.
    flight: [Chance; 3],
    /// Plain chances kept for strategies' estimates.
    pub(crate) active_p: ActiveChances,
    /// Chance that a normal shot brings the target to HP 0, indexed by
    /// [`ShotModel::kill_index`].
    kill: Vec<f64>,
    max_hp: usize,
}

/// Plain active-shoot chances, for strategies' estimates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct ActiveChances {
    /// Seat 0 takes the initiative.
    pub(crate) first0: f64,
    /// Contact.
    pub(crate) contact: f64,
    /// Given contact: the victim is knocked out (single or double out).
    pub(crate) out: f64,
    /// `[initiative seat]`: the initiative taker pushes.
    pub(crate) pusher_first: [f64; 2],
}

fn normal_table(profile: &Profile, me: &Player, distance: usize, barricades: usize) -> OutcomeTable {
    let n = &profile.normal;
    let factor =
        [1.0, n.mid_factor, n.far_factor][distance] * (1.0 - n.barricade_block).powi(barricades as i32) * me.accuracy;
    OutcomeTable::new([
        n.beat_hit * factor,
        n.mine_hit * factor,
        n.flip_out_partial * factor * me.power,
        n.flip_out_full * factor * me.power,
        n.self_out / me.accuracy,
        n.clinch * factor,
    ])
}

/// Kill chances by shooter, distance, barricade level and target HP (0..=max HP).
fn kill_table(normal: &[[[OutcomeTable; BARRICADE_LEVELS]; 3]; 2], profile: &Profile) -> Vec<f64> {
    let d = &profile.damage;
    let damage = [d.beat_hit, d.mine_hit, d.flip_out_partial, d.flip_out_full];
    let mut kill = Vec::new();
    for table in normal.iter().flatten().flatten() {
        for hp in 0..=profile.rules.max_hp {
            let p = damage.iter().zip(table.p).filter(|(d, _)| **d >= hp).map(|(_, p)| p).sum();
            kill.push(p);
        }
    }
    kill
}

impl ShotModel {
    pub(crate) fn new(profile: &Profile) -> ShotModel {
        let n = &profile.normal;
        let a = &profile.active;
        let pl = &profile.players;
        let normal = std::array::from_fn(|s| {
            std::array::from_fn(|d| std::array::from_fn(|b| normal_table(profile, &pl[s], d, b)))
        });
        let pusher_first: [f64; 2] = std::array::from_fn(|first| {
            let wf = a.pusher_is_first * pl[first].power;
            let wo = (1.0 - a.pusher_is_first) * pl[1 - first].power;
            if wf + wo > 0.0 { wf / (wf + wo) } else { 0.5 }
        });
        let first0 = pl[0].speed / (pl[0].speed + pl[1].speed);
        ShotModel {
            normal,
            flip_via_mine: Chance::new(n.flip_via_mine),
            mine_hit_contact: Chance::new(n.mine_hit_contact),
            self_out_after_contact: Chance::new(n.self_out_after_contact),
            two_mines: Chance::new(n.two_mines),
            rear: Chance::new(n.rear_contact),
            turn_over: Chance::new(n.turn_over),
            climb: Chance::new(n.climb),
            half_turn: Chance::new(n.half_turn),
            landing: Chance::new(n.landing),
            cross_centre: Chance::new(n.cross_centre),
            direction_change: std::array::from_fn(|s| Chance::new(n.direction_change * pl[s].direction_change)),
            mine_out: [Chance::new(n.mine_out_one + n.mine_out_two), Chance::new(n.mine_out_two)],
            body_hit: Chance::new(n.body_hit),
            barricade_break: Chance::new(n.barricade_break),
            distance: [Chance::new(n.distance_mid + n.distance_far), Chance::new(n.distance_far)],
            first: Chance::new(first0),
            contact: Chance::new(a.contact),
            active: [
                Chance::new(a.active_out),
                Chance::new(a.active_out + a.double_out),
                Chance::new(a.active_out + a.double_out + a.clinch),
            ],
            pusher_first: pusher_first.map(Chance::new),
            active_self_out: Chance::new(a.self_out),
            active_rear: Chance::new(a.rear_contact),
            active_cross: Chance::new(a.cross_centre),
            active_mine_out: Chance::new(a.mine_out),
            active_body_hit: Chance::new(a.body_hit),
            flight: [
                Chance::new(profile.meteor.large),
                Chance::new(profile.meteor.medium),
                Chance::new(profile.meteor.small),
            ],
            kill: kill_table(&normal, profile),
            max_hp: profile.rules.max_hp as usize,
            active_p: ActiveChances { first0, contact: a.contact, out: a.active_out + a.double_out, pusher_first },
        }
    }

    fn kill_index(&self, shooter: usize, distance: Distance, level: usize, hp: u8) -> usize {
        let hp = (hp as usize).min(self.max_hp);
        ((shooter * 3 + distance as usize) * BARRICADE_LEVELS + level) * (self.max_hp + 1) + hp
    }

    /// Chance that `shooter`'s normal shot brings a target at `hp` to 0, with
    /// `enemy_field` enemy barricades on the field.
    pub(crate) fn kill_chance(&self, shooter: usize, distance: Distance, enemy_field: u8, hp: u8) -> f64 {
        let level = (enemy_field as usize).min(BARRICADE_LEVELS - 1);
        self.kill[self.kill_index(shooter, distance, level, hp)]
    }

    fn flight(&self, d: &mut Draws<'_>) -> Flight {
        let r = u64::from(d.next());
        match self.flight {
            [l, ..] if r < l.0 => Flight::Large,
            [_, m, _] if r < m.0 => Flight::Medium,
            [.., s] if r < s.0 => Flight::Small,
            _ => Flight::Short,
        }
    }

    /// Distance between the machines after a shot.
    pub(crate) fn distance_after(&self, d: &mut Draws<'_>) -> Distance {
        let r = u64::from(d.next());
        if r < self.distance[1].0 {
            Distance::Far
        } else if r < self.distance[0].0 {
            Distance::Mid
        } else {
            Distance::Near
        }
    }

    /// Draws a normal shot of `shooter` (HP left at 0; the engine applies damage).
    pub(crate) fn normal_shot(
        &self,
        rng: &mut Draws<'_>,
        shooter: usize,
        decl: Decl,
        distance: Distance,
        enemy_field: u8,
    ) -> ShotRecord {
        let target = 1 - shooter;
        let level = (enemy_field as usize).min(BARRICADE_LEVELS - 1);
        let k = self.normal[shooter][distance as usize][level].draw(rng);
        let mut s = ShotRecord { seat: shooter as u8, distance, ..ShotRecord::default() };
        s.decl[shooter] = decl;
        let (mut me, mut it) = (SeatFlags::default(), SeatFlags::default());
        match k {
            0..=3 => {
                let hit = OUTCOMES[k];
                s.hit[target] = hit;
                s.contact = match hit {
                    Hit::BeatHit => true,
                    Hit::MineHit => self.mine_hit_contact.draw(rng),
                    _ => !self.flip_via_mine.draw(rng),
                };
                if hit == Hit::MineHit || (hit.is_flip_out() && !s.contact) {
                    if hit.is_flip_out() {
                        it.set(SeatFlags::VIA_MINE);
                    }
                    if self.two_mines.draw(rng) {
                        me.set(SeatFlags::TWO_MINES);
                    }
                }
                if hit.is_flip_out() {
                    if self.body_hit.draw(rng) {
                        it.set(SeatFlags::BODY_HIT);
                    }
                    if decl == Decl::Meteor {
                        s.flight = self.flight(rng);
                    }
                } else {
                    if self.turn_over.draw(rng) {
                        it.set(SeatFlags::TURNED_OVER);
                    }
                    if hit == Hit::BeatHit && self.climb.draw(rng) {
                        me.set(SeatFlags::CLIMB);
                    }
                }
            }
            4 => {
                s.hit[shooter] = Hit::SelfOut;
                s.contact = self.self_out_after_contact.draw(rng);
            }
            5 => {
                s.contact = true;
                s.clinch = true;
            }
            _ => {}
        }
        if s.contact && self.rear.draw(rng) {
            me.set(SeatFlags::REAR);
        }
        if s.hit[shooter] == Hit::None {
            if self.half_turn.draw(rng) {
                me.set(SeatFlags::HALF_TURN);
                me.set(if self.landing.draw(rng) { SeatFlags::LANDED } else { SeatFlags::TURNED_OVER });
            }
            if self.cross_centre.draw(rng) {
                me.set(SeatFlags::CROSSED_CENTRE);
            }
        }
        if self.direction_change[shooter].draw(rng) {
            me.set(SeatFlags::DIRECTION_CHANGE);
        }
        // One draw: under `two` knocks two mines out, under `one + two` one.
        let r = u64::from(rng.next());
        s.mines_out = u8::from(r < self.mine_out[0].0) + u8::from(r < self.mine_out[1].0);
        for _ in 0..enemy_field {
            s.broken += u8::from(self.barricade_break.draw(rng));
        }
        s.flags[shooter] = me;
        s.flags[target] = it;
        s
    }

    /// Draws an active shoot (HP left at 0; the engine applies damage).
    pub(crate) fn active_shoot(&self, rng: &mut Draws<'_>, decl: [Decl; 2]) -> ShotRecord {
        let first = if self.first.draw(rng) { 0 } else { 1 };
        let mut s = ShotRecord { active: true, seat: first as u8, decl, ..ShotRecord::default() };
        s.contact = self.contact.draw(rng);
        if s.contact {
            let r = u64::from(rng.next());
            let pusher = if self.pusher_first[first].draw(rng) { first } else { 1 - first };
            let victim = 1 - pusher;
            if r < self.active[1].0 {
                s.hit[victim] = Hit::ActiveOut;
                if r >= self.active[0].0 {
                    s.hit[pusher] = Hit::SelfOut;
                }
                if self.active_body_hit.draw(rng) {
                    s.flags[victim].set(SeatFlags::BODY_HIT);
                }
                if decl[pusher] == Decl::Meteor {
                    s.flight = self.flight(rng);
                }
            } else if r < self.active[2].0 {
                s.clinch = true;
            }
            for f in &mut s.flags {
                if self.active_rear.draw(rng) {
                    f.set(SeatFlags::REAR);
                }
            }
        } else {
            for h in &mut s.hit {
                if self.active_self_out.draw(rng) {
                    *h = Hit::SelfOut;
                }
            }
        }
        for f in &mut s.flags {
            if self.active_cross.draw(rng) {
                f.set(SeatFlags::CROSSED_CENTRE);
            }
        }
        s.mines_out = u8::from(self.active_mine_out.draw(rng));
        s
    }
}
