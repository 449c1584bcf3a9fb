//! The physical layer: a stochastic shot model with precomputed thresholds.
//!
//! A shot is drawn from the profile's chances as one categorical outcome plus
//! independent facts (rear contact, overturn, centre line, …); a normal shot's
//! chances are those of the kind the shooter chose ([`ShotKind`]), for the
//! machines in play (each player's skill on its spell's machine). The model
//! knows nothing of HP, points or yaku: it only fills a [`ShotRecord`].

use super::log::{Decl, Distance, Flight, Hit, SeatFlags, ShotKind, ShotRecord};
use super::profile::{KindModel, NormalModel, Player, Profile};
use crate::GameRng;
use rand::Rng;

/// A chance as a threshold on one uniform `u32` draw from the game's stream.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Chance(u64);

impl Chance {
    pub(crate) fn new(p: f64) -> Chance {
        Chance((p.clamp(0.0, 1.0) * 4_294_967_296.0).round() as u64)
    }

    pub(crate) fn draw(self, rng: &mut GameRng) -> bool {
        u64::from(rng.next_u32()) < self.0
    }
}

/// A chance per normal action (chombo ①), drawn as gaps: the number of
/// actions before the next hit is geometric, which is the same process as an
/// independent draw per action, but costs one draw per hit instead.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Gaps {
    /// `ln(1 - p)`.
    ln_miss: f64,
}

impl Gaps {
    pub(crate) fn new(p: f64) -> Gaps {
        Gaps { ln_miss: (-p.clamp(0.0, 1.0)).ln_1p() }
    }

    /// Actions before the next hit (`u32::MAX`, more than a match holds, when
    /// the chance is 0): `P(gap >= n) = (1 - p)^n`.
    pub(crate) fn draw(self, rng: &mut GameRng) -> u32 {
        if self.ln_miss == 0.0 {
            return u32::MAX;
        }
        // Uniform in (0, 1] with 53 random bits.
        let u = ((rng.next_u64() >> 11) + 1) as f64 * (1.0 / (1u64 << 53) as f64);
        // Saturating cast: 1 - p = 0 gives 0.
        (u.ln() / self.ln_miss) as u32
    }
}

/// Independent facts drawn jointly from one uniform `u32`: every combination
/// of the factors' alternatives has a cumulative threshold, so the facts cost
/// one draw instead of a draw each.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Joint<const N: usize> {
    /// The facts of each cell, as bits (their meaning is the caller's), by the
    /// thresholds between the cells (the last cell takes the rest).
    cells: Cells<u32, N>,
}

/// Ascending cumulative thresholds (at most `M - 1`, each in `0..=2^32`) and
/// an answer per cell, laid out for [`Cells::of`], which answers for the cell
/// of a uniform `u32` draw (the cell is how many thresholds the draw reaches).
///
/// A table by the draw's top byte answers at once for the stretches of draws
/// that no threshold cuts (all but at most `M - 1` of the 256). In a cut
/// stretch the thresholds are counted without branches over 32-bit lanes,
/// which the compiler turns into vector compares: `c <= r` is stored as
/// `c - 1 < r`, so that a threshold of 2^32 fits, and thresholds at 0, which
/// every draw reaches, are counted apart.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Cells<T, const M: usize> {
    /// By the draw's top byte: the answer for every draw in that stretch, or
    /// `cut` when a threshold falls inside it.
    by_top_byte: [T; 256],
    /// A value no cell answers.
    cut: T,
    /// The answer of each cell.
    answers: [T; M],
    /// Thresholds at 0.
    zeros: u32,
    /// The other thresholds as `c - 1` with the sign bit flipped (an unsigned
    /// order as a signed one); unused lanes hold `i32::MAX`, which no draw passes.
    below: [i32; M],
}

/// Flips the sign bit: unsigned order becomes signed order.
const fn signed(x: u32) -> i32 {
    (x ^ (1 << 31)) as i32
}

impl<T: Copy + PartialEq, const M: usize> Cells<T, M> {
    /// The cells cut by `thresholds`, answering `answers`; `cut` is a value
    /// none of them is.
    fn new(thresholds: &[u64], answers: [T; M], cut: T) -> Self {
        assert!(thresholds.len() < M, "too many thresholds");
        assert!(!answers.contains(&cut), "an answer is the cut marker");
        let mut cells = Cells { by_top_byte: [cut; 256], cut, answers, zeros: 0, below: [i32::MAX; M] };
        for (lane, &c) in cells.below.iter_mut().zip(thresholds) {
            match c.checked_sub(1) {
                None => cells.zeros += 1,
                Some(below) => *lane = signed(u32::try_from(below).expect("a threshold is at most 2^32")),
            }
        }
        for top in 0..=u8::MAX {
            let first = u32::from(top) << 24;
            let at_first = cells.counted(first);
            if at_first == cells.counted(first | 0x00FF_FFFF) {
                cells.by_top_byte[usize::from(top)] = answers[at_first];
            }
        }
        cells
    }

    /// The answer of the cell of `r`.
    #[inline(always)]
    fn of(&self, r: u32) -> T {
        let answer = self.by_top_byte[(r >> 24) as usize];
        if answer != self.cut { answer } else { self.answers[self.counted(r)] }
    }

    /// How many thresholds `r` reaches, counted lane by lane.
    #[inline(never)]
    fn counted(&self, r: u32) -> usize {
        let r = signed(r);
        (self.zeros + self.below.iter().map(|&c| u32::from(c < r)).sum::<u32>()) as usize
    }
}

/// A fact of chance `p`, as the alternatives of a [`Joint`] factor.
fn fact(p: f64, bits: u32) -> [(f64, u32); 2] {
    [(1.0 - p, 0), (p, bits)]
}

impl<const N: usize> Joint<N> {
    /// `factors`: independent lists of (chance, bits) alternatives, each
    /// summing to 1, whose combinations number `N`.
    fn new(factors: &[&[(f64, u32)]]) -> Self {
        let mut cells = vec![(1.0, 0)];
        for factor in factors {
            cells = cells.iter().flat_map(|&(p, b)| factor.iter().map(move |&(q, c)| (p * q, b | c))).collect();
        }
        assert_eq!(cells.len(), N, "joint cells");
        let mut cumulative = [0; N];
        let mut bits = [0; N];
        let mut acc = 0.0;
        for (i, (p, b)) in cells.into_iter().enumerate() {
            acc += p;
            cumulative[i] = Chance::new(acc).0;
            bits[i] = b;
        }
        // The last cell takes any rounding remainder; no facts use every bit.
        Joint { cells: Cells::new(&cumulative[..N - 1], bits, u32::MAX) }
    }

    /// The facts of one draw.
    fn draw(&self, rng: &mut GameRng) -> u32 {
        self.cells.of(rng.next_u32())
    }
}

/// The distance after a shot as a [`Joint`] factor (bits 2–3: `Distance as u32`).
fn distance_after(n: &NormalModel) -> [(f64, u32); 3] {
    let bits = |d: Distance| (d as u32) << 2;
    [
        (1.0 - n.distance_mid - n.distance_far, bits(Distance::Near)),
        (n.distance_mid, bits(Distance::Mid)),
        (n.distance_far, bits(Distance::Far)),
    ]
}

/// The distance in bits 2–3 of a [`Joint`] draw.
fn distance_bits(bits: u32) -> Distance {
    const BY_BITS: [Distance; 4] = [Distance::Near, Distance::Mid, Distance::Far, Distance::Far];
    BY_BITS[(bits >> 2) as usize & 3]
}

/// A per-seat flag as [`Joint`] bits of seat 0 (low half) and seat 1 (high half).
fn both(flag: u16) -> (u32, u32) {
    (u32::from(flag), u32::from(flag) << 16)
}

/// Order of the categorical outcomes of a normal shot.
const OUTCOMES: [Hit; 5] = [Hit::BeatHit, Hit::MineHit, Hit::FlipOutPartial, Hit::FlipOutFull, Hit::SelfOut];

/// Outcome chances of one normal-shot situation: the five hits, then clinch.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct OutcomeTable {
    /// Chances of beat, mine, partial, full, self-out, clinch.
    pub(crate) p: [f64; 6],
    /// Cumulative thresholds of the same outcomes (the rest is a miss), each
    /// cell answering its index.
    cells: Cells<u8, 8>,
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
        OutcomeTable { p, cells: Cells::new(&cumulative, [0, 1, 2, 3, 4, 5, 6, 7], u8::MAX) }
    }

    /// Index into [beat, mine, partial, full, self-out, clinch], or 6 for a miss.
    fn draw(&self, rng: &mut GameRng) -> usize {
        usize::from(self.cells.of(rng.next_u32()))
    }
}

/// Number of enemy-barricade levels tabulated (0, 1, 2, 3 or more).
pub(crate) const BARRICADE_LEVELS: usize = 4;

/// The outcome tables of one shot kind, `[shooter][distance][enemy barricades on the field]`.
type KindTables = [[[OutcomeTable; BARRICADE_LEVELS]; 3]; 2];

/// The facts of one shot kind that do not depend on the situation.
#[derive(Clone, Copy, Debug)]
struct KindFacts {
    flip_via_mine: Chance,
    mine_hit_contact: Chance,
    /// Two mines touched, on a mine hit or mine flip-out (the mine kind's technique).
    two_mines: Chance,
    /// The shooter climbs the enemy on a beat hit (the ride kind's technique).
    climb: Chance,
    /// `[shooter]`: the shooter's half turn (the jump kind's technique) and
    /// landing, centre line and direction change after a shot that left it in
    /// the field.
    posture: [Joint<12>; 2],
    /// `[shooter]`: direction change after a shooter's self ring-out.
    direction_change: [Chance; 2],
}

impl KindFacts {
    fn new(kind: ShotKind, k: &KindModel, n: &NormalModel, pl: &[Player; 2]) -> KindFacts {
        let technique = |of: ShotKind| if kind == of { k.technique } else { 0.0 };
        let half_turn = technique(ShotKind::Jump);
        KindFacts {
            flip_via_mine: Chance::new(k.flip_via_mine),
            mine_hit_contact: Chance::new(k.mine_hit_contact),
            two_mines: Chance::new(technique(ShotKind::Mine)),
            climb: Chance::new(technique(ShotKind::Ride)),
            posture: std::array::from_fn(|s| {
                let turn = (k.direction_change * pl[s].direction_change).clamp(0.0, 1.0);
                let half = SeatFlags::HALF_TURN;
                Joint::new(&[
                    &[
                        (1.0 - half_turn, 0),
                        (half_turn * n.landing, u32::from(half | SeatFlags::LANDED)),
                        (half_turn * (1.0 - n.landing), u32::from(half | SeatFlags::TURNED_OVER)),
                    ],
                    &fact(k.cross_centre, u32::from(SeatFlags::CROSSED_CENTRE)),
                    &fact(turn, u32::from(SeatFlags::DIRECTION_CHANGE)),
                ])
            }),
            direction_change: std::array::from_fn(|s| Chance::new(k.direction_change * pl[s].direction_change)),
        }
    }
}

/// The shot model of one game (profile and players), ready to sample.
#[derive(Clone, Debug)]
pub(crate) struct ShotModel {
    /// By `ShotKind as usize`.
    pub(crate) normal: [KindTables; ShotKind::COUNT],
    /// By `ShotKind as usize`.
    kinds: [KindFacts; ShotKind::COUNT],
    self_out_after_contact: Chance,
    rear: Chance,
    turn_over: Chance,
    /// Mines knocked off the field by a normal shot (bits 0–1: how many) and
    /// the distance after it (bits 2–3: `Distance as u32`).
    normal_after: Joint<9>,
    body_hit: Chance,
    barricade_break: Chance,
    /// The initiative seat (bit 0) of an active shoot and its contact (bit 1).
    initiative: Joint<4>,
    /// `[initiative seat]`, given contact: the outcome (bits 0–1: nothing,
    /// active out, double out, clinch) and whether the initiative taker is the
    /// pusher (bit 2).
    contact_outcome: [Joint<8>; 2],
    /// Without contact: the self ring-outs of seat 0 (bit 0) and seat 1 (bit 1).
    active_self_outs: Joint<4>,
    /// Rear contacts and centre lines of both seats, after contact.
    active_contact_facts: Joint<16>,
    /// Centre lines of both seats, without contact.
    active_cross: Joint<4>,
    /// A mine knocked off the field by an active shoot (bit 0) and the
    /// distance after it (bits 2–3).
    active_after: Joint<6>,
    active_body_hit: Chance,
    /// Cumulative flight: 150, 100, 50 cm or more.
    flight: [Chance; 3],
    /// `[seat]`: chance that an active shoot knocks out the opponent of `seat`
    /// (contact, then `seat` pushes, then a single or double out).
    pub(crate) active_out: [f64; 2],
    /// Chance that a normal shot of each kind brings the target to HP 0.
    kill: Box<KillTable>,
}

/// The outcome table of a shot of kind `k` by `me` at `it`.
fn normal_table(
    n: &NormalModel,
    k: &KindModel,
    me: &Player,
    it: &Player,
    distance: usize,
    barricades: usize,
) -> OutcomeTable {
    let factor =
        [1.0, n.mid_factor, n.far_factor][distance] * (1.0 - n.barricade_block).powi(barricades as i32) * me.accuracy;
    let flip = factor * me.power / it.weight;
    OutcomeTable::new([
        k.beat_hit * factor,
        k.mine_hit * factor,
        k.flip_out_partial * flip,
        k.flip_out_full * flip,
        k.self_out / me.accuracy,
        k.clinch * factor,
    ])
}

/// Target HP values tabulated for kill chances (the profile allows at most 60).
const HP_SLOTS: usize = 64;

/// Kill chances of one normal-shot situation and target HP, by `ShotKind as usize`
/// (side by side: a shooter weighing its kinds reads one place).
pub(crate) type KillByKind = [f64; ShotKind::COUNT];

/// Kill chances `[shooter][distance][enemy barricade level][target HP]`.
type KillTable = [[[[KillByKind; HP_SLOTS]; BARRICADE_LEVELS]; 3]; 2];

/// Kill chances by shooter, distance, barricade level, target HP and kind.
fn kill_table(normal: &[KindTables; ShotKind::COUNT], profile: &Profile) -> Box<KillTable> {
    let d = &profile.damage;
    let damage = [d.beat_hit, d.mine_hit, d.flip_out_partial, d.flip_out_full];
    let kill = |table: &OutcomeTable, hp: usize| -> f64 {
        damage.iter().zip(table.p).filter(|(d, _)| usize::from(**d) >= hp).map(|(_, p)| p).sum()
    };
    Box::new(std::array::from_fn(|s| {
        std::array::from_fn(|d| {
            std::array::from_fn(|b| std::array::from_fn(|hp| std::array::from_fn(|k| kill(&normal[k][s][d][b], hp))))
        })
    }))
}

impl ShotModel {
    pub(crate) fn new(profile: &Profile) -> ShotModel {
        let n = &profile.normal;
        let a = &profile.active;
        let pl = &profile.players.map(|p| profile.spells.machine(&p));
        let normal: [KindTables; ShotKind::COUNT] = ShotKind::ALL.map(|kind| {
            let k = profile.shots.get(kind);
            std::array::from_fn(|s| {
                std::array::from_fn(|d| std::array::from_fn(|b| normal_table(n, k, &pl[s], &pl[1 - s], d, b)))
            })
        });
        // Pushing strength: power, and weight against being pushed.
        let strength = |p: &Player| p.power * p.weight;
        let pusher_first: [f64; 2] = std::array::from_fn(|first| {
            let wf = a.pusher_is_first * strength(&pl[first]);
            let wo = (1.0 - a.pusher_is_first) * strength(&pl[1 - first]);
            if wf + wo > 0.0 { wf / (wf + wo) } else { 0.5 }
        });
        let first0 = pl[0].speed / (pl[0].speed + pl[1].speed);
        let first = [first0, 1.0 - first0];
        let out = a.contact * (a.active_out + a.double_out);
        let active_out = std::array::from_fn(|s| {
            let pushes = first[s] * pusher_first[s] + first[1 - s] * (1.0 - pusher_first[1 - s]);
            out * pushes
        });
        ShotModel {
            kill: kill_table(&normal, profile),
            normal,
            kinds: ShotKind::ALL.map(|kind| KindFacts::new(kind, profile.shots.get(kind), n, pl)),
            self_out_after_contact: Chance::new(n.self_out_after_contact),
            rear: Chance::new(n.rear_contact),
            turn_over: Chance::new(n.turn_over),
            normal_after: Joint::new(&[
                &[(1.0 - n.mine_out_one - n.mine_out_two, 0), (n.mine_out_one, 1), (n.mine_out_two, 2)],
                &distance_after(n),
            ]),
            body_hit: Chance::new(n.body_hit),
            barricade_break: Chance::new(n.barricade_break),
            initiative: Joint::new(&[&[(first0, 0), (1.0 - first0, 1)], &fact(a.contact, 2)]),
            contact_outcome: pusher_first.map(|p| {
                let nothing = 1.0 - a.active_out - a.double_out - a.clinch;
                Joint::new(&[&[(nothing, 0), (a.active_out, 1), (a.double_out, 2), (a.clinch, 3)], &fact(p, 4)])
            }),
            active_self_outs: Joint::new(&[&fact(a.self_out, 1), &fact(a.self_out, 2)]),
            active_contact_facts: {
                let (rear0, rear1) = both(SeatFlags::REAR);
                let (cross0, cross1) = both(SeatFlags::CROSSED_CENTRE);
                Joint::new(&[
                    &fact(a.rear_contact, rear0),
                    &fact(a.rear_contact, rear1),
                    &fact(a.cross_centre, cross0),
                    &fact(a.cross_centre, cross1),
                ])
            },
            active_cross: {
                let (cross0, cross1) = both(SeatFlags::CROSSED_CENTRE);
                Joint::new(&[&fact(a.cross_centre, cross0), &fact(a.cross_centre, cross1)])
            },
            active_after: Joint::new(&[&fact(a.mine_out, 1), &distance_after(n)]),
            active_body_hit: Chance::new(a.body_hit),
            flight: [
                Chance::new(profile.meteor.large),
                Chance::new(profile.meteor.medium),
                Chance::new(profile.meteor.small),
            ],
            active_out,
        }
    }

    /// Chance that `shooter`'s normal shot of each kind brings a target at `hp`
    /// to 0, with `enemy_field` enemy barricades on the field.
    pub(crate) fn kill_chances(&self, shooter: usize, distance: Distance, enemy_field: u8, hp: u8) -> &KillByKind {
        let level = (enemy_field as usize).min(BARRICADE_LEVELS - 1);
        &self.kill[shooter][distance as usize][level][(hp as usize).min(HP_SLOTS - 1)]
    }

    fn flight(&self, rng: &mut GameRng) -> Flight {
        let r = u64::from(rng.next_u32());
        match self.flight {
            [l, ..] if r < l.0 => Flight::Large,
            [_, m, _] if r < m.0 => Flight::Medium,
            [.., s] if r < s.0 => Flight::Small,
            _ => Flight::Short,
        }
    }

    /// Draws a normal shot of `kind` by `shooter` (HP left at 0; the engine
    /// applies damage), and the distance between the machines after it into `after`.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn normal_shot(
        &self,
        rng: &mut GameRng,
        shooter: usize,
        decl: Decl,
        kind: ShotKind,
        distance: Distance,
        enemy_field: u8,
        after: &mut Distance,
    ) -> ShotRecord {
        let target = 1 - shooter;
        let level = (enemy_field as usize).min(BARRICADE_LEVELS - 1);
        let f = &self.kinds[kind as usize];
        let k = self.normal[kind as usize][shooter][distance as usize][level].draw(rng);
        let mut s = ShotRecord { seat: shooter as u8, distance, kind, ..ShotRecord::default() };
        s.decl[shooter] = decl;
        let (mut me, mut it) = (SeatFlags::default(), SeatFlags::default());
        match k {
            0..=3 => {
                let hit = OUTCOMES[k];
                s.hit[target] = hit;
                s.contact = match hit {
                    Hit::BeatHit => true,
                    Hit::MineHit => f.mine_hit_contact.draw(rng),
                    _ => !f.flip_via_mine.draw(rng),
                };
                if hit == Hit::MineHit || (hit.is_flip_out() && !s.contact) {
                    if hit.is_flip_out() {
                        it.set(SeatFlags::VIA_MINE);
                    }
                    if f.two_mines.draw(rng) {
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
                    if hit == Hit::BeatHit && f.climb.draw(rng) {
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
            me.0 |= f.posture[shooter].draw(rng) as u16;
        } else if f.direction_change[shooter].draw(rng) {
            me.set(SeatFlags::DIRECTION_CHANGE);
        }
        let facts = self.normal_after.draw(rng);
        s.mines_out = (facts & 3) as u8;
        *after = distance_bits(facts);
        for _ in 0..enemy_field {
            s.broken += u8::from(self.barricade_break.draw(rng));
        }
        s.flags[shooter] = me;
        s.flags[target] = it;
        s
    }

    /// Draws an active shoot (HP left at 0; the engine applies damage), and the
    /// distance between the machines after it into `after`.
    pub(crate) fn active_shoot(&self, rng: &mut GameRng, decl: [Decl; 2], after: &mut Distance) -> ShotRecord {
        let initiative = self.initiative.draw(rng);
        let first = (initiative & 1) as usize;
        let mut s = ShotRecord { active: true, seat: first as u8, decl, ..ShotRecord::default() };
        s.contact = initiative & 2 != 0;
        if s.contact {
            let outcome = self.contact_outcome[first].draw(rng);
            match outcome & 3 {
                0 => {}
                3 => s.clinch = true,
                out => {
                    let pusher = if outcome & 4 != 0 { first } else { 1 - first };
                    let victim = 1 - pusher;
                    s.hit[victim] = Hit::ActiveOut;
                    if out == 2 {
                        s.hit[pusher] = Hit::SelfOut;
                    }
                    if self.active_body_hit.draw(rng) {
                        s.flags[victim].set(SeatFlags::BODY_HIT);
                    }
                    if decl[pusher] == Decl::Meteor {
                        s.flight = self.flight(rng);
                    }
                }
            }
        } else {
            let outs = self.active_self_outs.draw(rng);
            for (i, h) in s.hit.iter_mut().enumerate() {
                if outs >> i & 1 != 0 {
                    *h = Hit::SelfOut;
                }
            }
        }
        let facts = if s.contact { self.active_contact_facts.draw(rng) } else { self.active_cross.draw(rng) };
        s.flags[0].0 |= facts as u16;
        s.flags[1].0 |= (facts >> 16) as u16;
        let facts = self.active_after.draw(rng);
        s.mines_out = (facts & 1) as u8;
        *after = distance_bits(facts);
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_count_the_thresholds_a_draw_reaches() {
        let edges: [u64; 7] = [0, 0, 1, 1 << 31, u64::from(u32::MAX), 1 << 32, 1 << 32];
        let cells = Cells::new(&edges, std::array::from_fn::<usize, 8, _>(|i| i), usize::MAX);
        let draws = [0, 1, 2, (1 << 31) - 1, 1 << 31, u32::MAX - 1, u32::MAX];
        for r in draws.into_iter().chain((0..1000u32).map(|i| i.wrapping_mul(0x9E37_79B9))) {
            let reached = edges.iter().filter(|&&c| c <= u64::from(r)).count();
            assert_eq!(cells.of(r), reached, "draw {r}");
        }
    }
}
