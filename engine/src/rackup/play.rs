//! The match flow: rounds, active shoots, normal turns, penalties and scoring.
//!
//! Chance is resolved in a small step loop ([`Step`]) until the next decision,
//! so no step recurses into another; steps that draw nothing (a re-set, the
//! declarations, penalties, the next turn) are plain calls that end in a
//! decision or a [`Step`].

use super::RackupGame;
use super::log::{
    BarricadeAct, ChomboCase, Decl, Distance, DoraKind, Event, Hit, Penalty, RoundEnd, SeatFlags, ShotKind, ShotRecord,
    StunCause,
};
use super::outcome::MatchEnd;
use super::readings::MutualDraw;
use super::state::{Act, Action, Decision, RackupState, open};
use super::yaku::{self, Tier, Verdict, YakuResult};
use crate::GameRng;
use rand::RngExt;

/// HP at or below which a self ring-out without touching the enemy is chombo ②.
const CHOMBO_SELF_OUT_HP: u8 = 2;
/// Free log slots required before a shot (shot, stuns, chombo, penalties, ura dora).
const SHOT_ROOM: usize = 16;

/// The next thing the engine resolves.
#[derive(Clone, Copy, Debug)]
enum Step {
    /// Start (or replay) the current round.
    StartRound,
    /// Resolve an active shoot, caused by the counter blow of the given seat if any.
    Active(Option<u8>),
    /// A normal shot by the seat with the declaration, of the kind.
    Normal(u8, Decl, ShotKind),
    /// The round is over: score it.
    Finish,
    /// A decision is pending or the match is over.
    Wait,
}

fn other(seat: u8) -> u8 {
    1 - seat
}

impl RackupGame {
    pub(crate) fn riichi_allowed(&self, st: &RackupState, s: u8) -> bool {
        st.open[s as usize] & open::RIICHI != 0
    }

    pub(crate) fn call_allowed(&self, st: &RackupState, s: u8) -> bool {
        st.open[s as usize] & open::CALL != 0
    }

    pub(crate) fn kan_allowed(&self, st: &RackupState, s: u8) -> bool {
        // `&` rather than `&&`: three cheap tests beat two unpredictable branches.
        self.call_allowed(st, s) & (st.held[s as usize] >= 2) & (st.kans < self.rules().max_kans)
    }

    pub(crate) fn start_match(&self, st: &mut RackupState, rng: &mut GameRng) {
        let r = self.rules();
        st.points = [r.start_points; 2];
        st.round = 1;
        st.first_roller = u8::from(rng.random_bool(0.5));
        st.foul_in = self.foul.draw(rng);
        st.outcome = self.fresh_outcome;
        st.outcome.first_roller = st.first_roller;
        st.barricade_used = [false; 2];
        self.run(st, rng, Step::StartRound);
    }

    /// Resolves steps until a decision is pending or the match is over.
    ///
    /// The loop tests for [`Step::Wait`] on its own before it dispatches: a
    /// step that ends in a decision then leaves straight away, not through
    /// the dispatch on every kind of step.
    #[inline(always)]
    fn run(&self, st: &mut RackupState, rng: &mut GameRng, mut step: Step) {
        while !matches!(step, Step::Wait) {
            step = match step {
                Step::StartRound => self.start_round(st, rng),
                Step::Active(counter) => {
                    let mut rec = self.model.active_shoot(rng, st.active_decl, &mut st.distance);
                    rec.counter_by = counter;
                    self.land(st, rec)
                }
                Step::Normal(s, decl, kind) => {
                    let o = other(s) as usize;
                    let (distance, field) = (st.distance, st.field[o]);
                    let rec = self.model.normal_shot(rng, s as usize, decl, kind, distance, field, &mut st.distance);
                    self.land(st, rec)
                }
                Step::Finish => self.finish_round(st, rng),
                Step::Wait => unreachable!("the loop stops at a wait"),
            };
        }
    }

    #[inline(never)]
    fn start_round(&self, st: &mut RackupState, rng: &mut GameRng) -> Step {
        let r = self.rules();
        if st.outcome.round_attempts >= r.max_rounds {
            return self.end_match(st, MatchEnd::RoundLimit);
        }
        st.outcome.round_attempts += 1;
        st.outcome.rounds = st.round;
        st.hp = self.max_hp;
        st.held = [r.barricades; 2];
        st.field = [0; 2];
        st.spent = [0; 2];
        st.kans = 0;
        st.riichi_used = [false; 2];
        st.call_used = [false; 2];
        st.open = self.open_at_start;
        st.fouled = [false; 2];
        st.penalty_due = [false; 2];
        st.distance = Distance::Mid;
        st.log.clear(st.round);
        st.log.barricade_used_before = st.barricade_used;
        let roller = st.first_roller ^ ((st.round - 1) % 2);
        st.omote = rng.random_range(1..=6);
        st.log.push(Event::Dora { kind: DoraKind::Omote, seat: roller, face: st.omote });
        self.reset(st)
    }

    /// A re-set: stuns cleared, declarations asked, then the active shoot.
    fn reset(&self, st: &mut RackupState) -> Step {
        st.stunned = [false; 2];
        st.active_decl = [Decl::None; 2];
        self.ask_declare(st, 0)
    }

    /// Asks seat `from` and later seats for active-shoot declarations.
    fn ask_declare(&self, st: &mut RackupState, from: u8) -> Step {
        for s in from..2 {
            if self.riichi_allowed(st, s) || self.call_allowed(st, s) {
                self.decide(st, s, Decision::Declare);
                return Step::Wait;
            }
        }
        Step::Active(None)
    }

    /// Seat's normal turn (stunned seats skip).
    fn begin_turn(&self, st: &mut RackupState, mut seat: u8) -> Step {
        while st.stunned[seat as usize] {
            st.stunned[seat as usize] = false;
            st.log.push(Event::Skip { seat });
            seat = other(seat);
        }
        self.decide(st, seat, Decision::Turn);
        Step::Wait
    }

    /// Pays up to `amount` from `from` to the other seat; ends the match on a bust.
    fn pay(&self, st: &mut RackupState, from: u8, amount: u8) -> bool {
        let (f, t) = (from as usize, other(from) as usize);
        let a = amount.min(st.points[f]);
        st.points[f] -= a;
        st.points[t] += a;
        if st.points[f] == 0 {
            self.end_match(st, MatchEnd::Bust);
            return true;
        }
        false
    }

    #[inline(never)]
    fn end_match(&self, st: &mut RackupState, end: MatchEnd) -> Step {
        st.to_move = None;
        let o = &mut st.outcome;
        o.end = end;
        o.points = st.points;
        o.winner = match st.points[0].cmp(&st.points[1]) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        };
        Step::Wait
    }

    /// Applies a decision, then resolves chance until the next one.
    #[inline(always)]
    pub(crate) fn act(&self, st: &mut RackupState, action: Action, rng: &mut GameRng) {
        let Some(seat) = st.to_move else {
            return;
        };
        let si = seat as usize;
        let step = match action {
            Action::Declare(decl) => {
                st.active_decl[si] = decl;
                self.note_declaration(st, seat, decl);
                self.ask_declare(st, seat + 1)
            }
            Action::Turn { kan, act } => self.turn(st, rng, seat, kan, act),
            Action::Counter(true) => {
                let c = si;
                st.outcome.counters[c] += 1;
                st.log.push(Event::Counter { seat, last: st.held[c] == 1 });
                st.held[c] -= 1;
                st.spent[c] += 1;
                let shooter_decl = st.active_decl[1 - c];
                st.active_decl = [Decl::None; 2];
                if shooter_decl == Decl::Meteor {
                    st.active_decl[1 - c] = Decl::Meteor;
                }
                Step::Active(Some(seat))
            }
            Action::Counter(false) => Step::Normal(other(seat), st.active_decl[1 - si], st.pending_kind),
            Action::Penalty(p) => {
                st.penalty_due[si] = false;
                if self.take_penalty(st, seat, p) { Step::Wait } else { self.penalties(st, st.after_penalty) }
            }
        };
        self.run(st, rng, step);
    }

    fn note_declaration(&self, st: &mut RackupState, seat: u8, decl: Decl) {
        let s = seat as usize;
        match decl {
            Decl::None => {}
            Decl::Riichi => {
                st.riichi_used[s] = true;
                st.open[s] &= !open::CALL;
                st.outcome.riichi_declared[s] += 1;
            }
            Decl::Snipe | Decl::Meteor => {
                st.call_used[s] = true;
                st.open[s] &= !open::RIICHI;
                st.outcome.calls[s] += 1;
            }
        }
    }

    #[inline(always)]
    fn turn(&self, st: &mut RackupState, rng: &mut GameRng, seat: u8, kan: bool, act: Act) -> Step {
        let s = seat as usize;
        if kan {
            st.held[s] -= 2;
            st.spent[s] += 2;
            st.kans += 1;
            st.call_used[s] = true;
            st.open[s] &= !open::RIICHI;
            st.outcome.kans[s] += 1;
            st.log.push(Event::Kan { seat });
            let face = rng.random_range(1..=6);
            st.log.push(Event::Dora { kind: DoraKind::Kan, seat, face });
        }
        if st.foul_in > 0 {
            st.foul_in -= 1;
        } else {
            st.foul_in = self.foul.draw(rng);
            st.fouled[s] = true;
            st.outcome.chombo[s][0] += 1;
            st.log.push(Event::Chombo { seat, case: ChomboCase::Foul });
            if self.pay(st, seat, 1) {
                return Step::Wait;
            }
        }
        let act_event = |a| Event::Barricade { seat, act: a };
        match act {
            Act::Shot(decl, kind) => {
                self.note_declaration(st, seat, decl);
                st.outcome.shot_kinds[s][kind as usize] += 1;
                let o = 1 - s;
                if decl != Decl::Riichi && st.held[o] > 0 {
                    st.active_decl[s] = decl;
                    st.pending_kind = kind;
                    self.decide(st, o as u8, Decision::Counter(decl, kind));
                    return Step::Wait;
                }
                return Step::Normal(seat, decl, kind);
            }
            Act::Place => {
                st.held[s] -= 1;
                st.field[s] += 1;
                st.barricade_used[s] = true;
                st.log.push(act_event(BarricadeAct::Place));
            }
            Act::Step => {
                st.held[s] -= 1;
                st.spent[s] += 1;
                st.distance = Distance::Near;
                st.barricade_used[s] = true;
                st.log.push(act_event(BarricadeAct::Step));
            }
            Act::Recover => {
                let from_spent = st.spent[s].min(self.rules().recover_per_action);
                let from_field = st.field[s].min(self.rules().recover_per_action - from_spent);
                st.spent[s] -= from_spent;
                st.field[s] -= from_field;
                st.held[s] += from_spent + from_field;
                st.log.push(act_event(BarricadeAct::Recover(from_spent + from_field)));
            }
        }
        if !st.log.has_room(SHOT_ROOM) {
            return self.abort_round(st);
        }
        self.begin_turn(st, other(seat))
    }

    #[inline(never)]
    fn abort_round(&self, st: &mut RackupState) -> Step {
        st.outcome.aborted += 1;
        self.next_round(st)
    }

    /// Applies a drawn shot: chombo ②, damage, log, stuns, riichi failures
    /// (the model has set the distance after it).
    #[inline(always)]
    fn land(&self, st: &mut RackupState, mut rec: ShotRecord) -> Step {
        st.outcome.shots += 1;
        let mut chombo = [false; 2];
        if rec.hit != [Hit::None; 2] {
            if !rec.contact {
                for (s, hit) in rec.hit.iter_mut().enumerate() {
                    if *hit == Hit::SelfOut && st.hp[s] <= CHOMBO_SELF_OUT_HP {
                        chombo[s] = true;
                        *hit = Hit::None;
                        rec.voided = true;
                    }
                }
            }
            let both_out = rec.active && rec.hit.iter().all(|h| h.is_ring_out());
            for s in 0..2 {
                st.hp[s] -= self.damage(rec.hit[s]).min(st.hp[s]);
                if both_out && self.rules().mutual_draw == MutualDraw::DoubleOut {
                    st.hp[s] = 0;
                }
            }
        }
        rec.hp = st.hp;
        if rec.broken > 0 {
            let t = 1 - rec.seat as usize;
            st.field[t] -= rec.broken.min(st.field[t]);
        }
        st.log.push(Event::Shot(rec));
        if chombo != [false; 2] && self.chombo_self_out(st, chombo) {
            return Step::Wait;
        }
        if st.hp[0] == 0 || st.hp[1] == 0 {
            return Step::Finish;
        }
        let reset = rec.voided || rec.clinch || rec.hit.iter().any(|h| h.is_ring_out());
        if !reset && (rec.flags[0].0 | rec.flags[1].0) & SeatFlags::TURNED_OVER != 0 {
            for s in 0..2u8 {
                if rec.flags[s as usize].has(SeatFlags::TURNED_OVER) {
                    st.stunned[s as usize] = true;
                    st.log.push(Event::Stun { seat: s, cause: StunCause::Overturned });
                }
            }
        }
        if rec.decl != [Decl::None; 2] {
            for s in 0..2u8 {
                if rec.decl[s as usize] == Decl::Riichi {
                    if reset {
                        if self.take_penalty(st, s, Penalty::Pay) {
                            return Step::Wait;
                        }
                    } else {
                        st.penalty_due[s as usize] = true;
                    }
                }
            }
        }
        if !st.log.has_room(SHOT_ROOM) {
            return self.abort_round(st);
        }
        if reset { self.reset(st) } else { self.penalties(st, if rec.active { rec.seat } else { other(rec.seat) }) }
    }

    /// Records chombo ② of the seats in `chombo` and their payments; returns
    /// whether the match ended.
    #[inline(never)]
    fn chombo_self_out(&self, st: &mut RackupState, chombo: [bool; 2]) -> bool {
        for s in 0..2u8 {
            if chombo[s as usize] {
                st.outcome.chombo[s as usize][1] += 1;
                st.log.push(Event::Chombo { seat: s, case: ChomboCase::SelfOut });
                if self.pay(st, s, 1) {
                    return true;
                }
            }
        }
        false
    }

    /// Records a riichi-failure penalty; returns whether the match ended.
    fn take_penalty(&self, st: &mut RackupState, seat: u8, penalty: Penalty) -> bool {
        let s = seat as usize;
        st.log.push(Event::RiichiFailed { seat, penalty });
        match penalty {
            Penalty::Stun => {
                st.outcome.riichi_stun[s] += 1;
                st.stunned[s] = true;
                st.log.push(Event::Stun { seat, cause: StunCause::RiichiPenalty });
                false
            }
            Penalty::Pay => {
                st.outcome.riichi_paid[s] += 1;
                self.pay(st, seat, 1)
            }
        }
    }

    /// Riichi penalties due, then the turn of `next`.
    #[inline(always)]
    fn penalties(&self, st: &mut RackupState, next: u8) -> Step {
        match st.penalty_due.iter().position(|&d| d) {
            Some(s) => {
                st.after_penalty = next;
                self.decide(st, s as u8, Decision::Penalty);
                Step::Wait
            }
            None => self.begin_turn(st, next),
        }
    }

    #[inline(never)]
    fn finish_round(&self, st: &mut RackupState, rng: &mut GameRng) -> Step {
        // The ura dora rolled after a riichi win leave the round's end as it is.
        let end = st.log.end();
        if let RoundEnd::Won { winner, finish, .. } = end {
            let Event::Shot(ref f) = st.log.events()[finish as usize] else { unreachable!() };
            if f.decl[winner as usize] == Decl::Riichi {
                for kind in
                    std::iter::once(DoraKind::Ura).chain(std::iter::repeat_n(DoraKind::UraKan, st.kans as usize))
                {
                    let face = rng.random_range(1..=6);
                    st.log.push(Event::Dora { kind, seat: winner, face });
                }
            }
        }
        yaku::evaluate_into(&st.log, end, &self.score_rules, &mut st.last);
        let YakuResult { end, verdict, finish, points, .. } = st.last;
        match end {
            RoundEnd::Won { winner, loser, .. } => {
                let w = winner as usize;
                if st.fouled[w] && finish != Hit::SelfOut {
                    st.outcome.chombo[w][2] += 1;
                    st.log.push(Event::Chombo { seat: winner, case: ChomboCase::Replay });
                    if self.pay(st, winner, 1) {
                        return Step::Wait;
                    }
                    return Step::StartRound;
                }
                st.outcome.initiative_wins += u8::from(st.log.first_shooter() == Some(winner));
                if verdict == Verdict::NoYaku {
                    st.outcome.no_yaku[w] += 1;
                } else {
                    self.record_win(st, w);
                    let taken = points.min(st.points[loser as usize]);
                    st.outcome.points_won[w] += taken;
                    if self.pay(st, loser, points) {
                        return Step::Wait;
                    }
                }
            }
            _ => st.outcome.mutual += 1,
        }
        if self.rules().riichi_loss_penalty && self.riichi_lost(st, end) {
            return Step::Wait;
        }
        self.next_round(st)
    }

    /// `rules.riichi_loss_penalty`: each seat that declared riichi on the
    /// round's finishing shot and did not win the round pays 1; returns
    /// whether the match ended.
    #[inline(never)]
    fn riichi_lost(&self, st: &mut RackupState, end: RoundEnd) -> bool {
        let winner = match end {
            RoundEnd::Won { winner, .. } => Some(winner),
            _ => None,
        };
        let Some((_, finish)) = st.log.last_shot() else { return false };
        let decl = finish.decl;
        (0..2u8)
            .any(|s| decl[s as usize] == Decl::Riichi && winner != Some(s) && self.take_penalty(st, s, Penalty::Pay))
    }

    #[inline(never)]
    /// Counts the win of seat `w` scored in `st.last`.
    fn record_win(&self, st: &mut RackupState, w: usize) {
        let (o, r) = (&mut st.outcome, &st.last);
        o.wins[w] += 1;
        let mut awarded = r.awarded_bits;
        while awarded != 0 {
            let y = awarded.trailing_zeros() as usize;
            o.yaku[w][y] += 1;
            o.yaku_points[w][y] = o.yaku_points[w][y].saturating_add(u16::from(r.values[y]));
            awarded &= awarded - 1;
        }
        let tier = match r.tier {
            Tier::Plain => 0,
            Tier::Mangan => 1,
            Tier::Haneman => 2,
            Tier::Baiman => 3,
            Tier::Yakuman => 4,
        };
        o.tiers[w][tier] += 1;
        o.best[w] = o.best[w].max(r.points);
        o.dora[w] += r.dora;
        o.ura[w] += r.ura;
        o.riichi_won[w] += u8::from(r.riichi_win);
        for slot in r.variant_slots() {
            o.variants[w][slot] += 1;
        }
    }

    fn next_round(&self, st: &mut RackupState) -> Step {
        if st.round >= self.rules().rounds && st.points[0] != st.points[1] {
            return self.end_match(st, MatchEnd::Rounds);
        }
        st.round += 1;
        Step::StartRound
    }
}
