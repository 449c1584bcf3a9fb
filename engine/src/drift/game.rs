//! [`DriftGame`]: the rules value, its constructors and the [`Game`] implementation.

use super::DriftError;
use super::card::Card;
use super::hand::{HAND_MAX, Hand, NONE};
use super::lineup::{Driver, Team};
use super::outcome::DriftOutcome;
use super::rules::{DriftRules, MAX_DECK};
use super::state::{DriftState, Step};
use super::style::EFFECTS;
use super::view::{Ask, DriftAction, DriftView};
use crate::{Game, GameRng, Players, Seat};

/// `PlayDrawn` then `Hand(0)` … `Hand(HAND_MAX - 1)`: legal actions are copied from here.
const PICKS: [DriftAction; HAND_MAX + 1] = {
    let mut picks = [DriftAction::PlayDrawn; HAND_MAX + 1];
    let mut i = 0;
    while i < HAND_MAX {
        picks[i + 1] = DriftAction::Hand(i as u8);
        i += 1;
    }
    picks
};

/// Which kind of drift battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// ドリフトバトル：追走: two drivers, each chases once.
    Chase,
    /// ドリフトバトル：単走: one driver, targets drawn from the deck.
    Solo,
    /// 団体戦: two teams, each chases once (reading in the module docs).
    Team,
}

/// A drift battle between two drivers, two teams, or one driver's solo run: the read-only
/// rules value of the [`Game`] interface. `Copy`, no heap: build one per game freely.
#[derive(Clone, Copy, Debug)]
pub struct DriftGame {
    pub(crate) rules: DriftRules,
    pub(crate) mode: Mode,
    pub(crate) teams: [Team; 2],
    /// The full deck, drawn from the end: canonical order, or the fixed order reversed.
    pub(crate) deck: [Card; MAX_DECK],
    pub(crate) deck_len: u8,
    /// Draw from the top of `deck` in order instead of uniformly.
    pub(crate) fixed: bool,
}

impl DriftGame {
    fn new(rules: DriftRules, mode: Mode, teams: [Team; 2]) -> DriftGame {
        let mut deck = [Card::JOKER; MAX_DECK];
        let deck_len = rules.fill_deck(&mut deck) as u8;
        DriftGame { rules, mode, teams, deck, deck_len, fixed: false }
    }

    /// 追走: `a` (seat 0) leads the first chase and `b` (seat 1) chases; then they swap.
    pub fn chase(rules: DriftRules, a: Driver, b: Driver) -> DriftGame {
        DriftGame::new(rules, Mode::Chase, [Team::solo(a), Team::solo(b)])
    }

    /// 単走: `d` runs alone (one seat), each target drawn from the deck.
    pub fn solo(rules: DriftRules, d: Driver) -> DriftGame {
        DriftGame::new(rules, Mode::Solo, [Team::solo(d), Team::solo(d)])
    }

    /// 団体戦: team `a` (seat 0) leads the first chase, team `b` (seat 1) chases; then swap.
    pub fn team(rules: DriftRules, a: Team, b: Team) -> DriftGame {
        DriftGame::new(rules, Mode::Team, [a, b])
    }

    /// This game with a fixed deck order for scenario tests: `top` is drawn first, in order,
    /// then the rest of the deck in canonical order (suits S H D C, A..K, then jokers).
    /// With a fixed order the deck is never gathered at the role swap (the second chase
    /// deals from what is left), discards come back in the order they were discarded, and
    /// cards returned to the deck (Ballista, SpeedMaster) go to its bottom. Errors when
    /// `top` asks for a card more often than the deck holds it.
    pub fn with_deck(mut self, top: &[Card]) -> Result<DriftGame, DriftError> {
        let mut rest = [Card::JOKER; MAX_DECK];
        let n = self.rules.fill_deck(&mut rest);
        let mut left = n;
        let mut order = [Card::JOKER; MAX_DECK];
        for (k, &card) in top.iter().enumerate() {
            let at = rest[..left].iter().position(|&c| c == card);
            let at = at.ok_or_else(|| DriftError::NotInDeck(card.to_string()))?;
            rest.copy_within(at + 1..left, at);
            left -= 1;
            order[k] = card;
        }
        order[top.len()..n].copy_from_slice(&rest[..left]);
        order[..n].reverse();
        self.deck = order;
        self.fixed = true;
        Ok(self)
    }

    /// The rules in force.
    pub fn rules(&self) -> &DriftRules {
        &self.rules
    }

    /// The kind of battle.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// The two sides (in a solo run both are the lone driver).
    pub fn teams(&self) -> &[Team; 2] {
        &self.teams
    }

    pub(crate) fn is_solo(&self) -> bool {
        self.mode == Mode::Solo
    }

    /// Checks that every card of the deck is in exactly one place (deck, discards, hands,
    /// table, or drawn and waiting): a from-scratch check for tests.
    pub fn cards_conserved(&self, st: &DriftState) -> bool {
        let mut full = DriftState::new();
        full.deck.cards = self.deck;
        full.deck.len = self.deck_len;
        full.card_census() == st.card_census()
    }

    /// The question of decision step `step`.
    #[inline(always)]
    pub(crate) fn ask_of(step: Step) -> Ask {
        match step {
            Step::Reveal(_) => Ask::Reveal,
            Step::SpeedMaster(_) => Ask::SpeedMaster,
            Step::LegalHigh(_) => Ask::LegalHigh,
            Step::Supernova => Ask::Supernova,
            Step::Indra => Ask::Indra,
            Step::LeaderGungnir | Step::ChaserGungnir(_) => Ask::Gungnir,
            Step::Illusion(_) => Ask::Illusion,
            Step::Harlequin(_) => Ask::Harlequin,
            Step::BonusPick => Ask::BonusPick,
            Step::Phantom => Ask::Phantom,
            _ => Ask::Pick,
        }
    }

    /// The effective number of `card` played from `slot` (`as_k`: a revealed Gungnir card,
    /// which counts as a K); `None` for a joker.
    #[inline]
    pub(crate) fn card_value(&self, st: &DriftState, slot: usize, card: Card, as_k: bool) -> Option<i16> {
        let base = if as_k { EFFECTS.gungnir_number } else { i16::from(card.rank()?) };
        Some(base + st.bonus[slot])
    }

    /// The legal actions of decision step `step` asked of the holder of `hand` when they are
    /// a constant list (a pick with no card revealed, a yes/no declaration), in the order
    /// [`DriftGame::fill_legal`] writes; `None` for the others.
    #[inline(always)]
    pub(crate) fn constant_legal(hand: &Hand, step: Step) -> Option<&'static [DriftAction]> {
        match step {
            Step::Reveal(_) | Step::Indra | Step::SpeedMaster(_) => None,
            Step::LeaderPick | Step::FollowerLeadPick(_) | Step::ChaserPick(_) | Step::BonusPick
                if hand.revealed == NONE =>
            {
                // Capped at the hand's room (which it never exceeds): no bounds check, so
                // that a player not reading the list leaves it unmade.
                Some(&PICKS[..usize::from(hand.len).min(HAND_MAX) + 1])
            }
            Step::LeaderPick | Step::FollowerLeadPick(_) | Step::ChaserPick(_) | Step::BonusPick => None,
            _ => Some(&[DriftAction::Yes, DriftAction::No]),
        }
    }

    /// The legal actions of decision `step`, pending in `st`: a constant list, or written
    /// into `out`.
    #[inline(always)]
    fn legal_of<'a>(&self, st: &DriftState, step: Step, out: &'a mut Vec<DriftAction>) -> &'a [DriftAction] {
        match Self::constant_legal(&st.hands[st.deciding_slot()], step) {
            Some(fixed) => fixed,
            None => {
                out.clear();
                self.fill_legal(st, out);
                out
            }
        }
    }

    /// The view of `seat`, to move at decision `step` (pending in `st`).
    #[inline(always)]
    fn mover_view<'a>(&'a self, state: &'a DriftState, seat: Seat, step: Step) -> DriftView<'a> {
        DriftView { game: self, state, seat, slot: state.deciding_slot(), ask: Self::ask_of(step) }
    }

    /// Takes the pending decision with `choose` ([`DriftGame::decide`]), then resolves what
    /// follows up to the next decision or the end ([`DriftGame::run`]).
    #[inline(always)]
    fn take(&self, st: &mut DriftState, choose: impl Choose, rng: &mut GameRng) {
        self.decide(st, choose, rng);
        if st.to_move.is_none() {
            self.run(st, rng);
        }
    }

    /// Writes the legal actions that [`DriftGame::constant_legal`] has no constant list for.
    fn fill_legal(&self, st: &DriftState, out: &mut Vec<DriftAction>) {
        let hand = &st.hands[st.deciding_slot()];
        match st.step {
            Step::Reveal(_) | Step::Indra => {
                out.extend_from_slice(&PICKS[1..=hand.len as usize]);
                out.push(DriftAction::No);
            }
            Step::SpeedMaster(_) => {
                let marked = st.round.toss_mask;
                out.extend(hand.playable().filter(|&i| marked & 1 << i == 0).map(DriftAction::Hand));
                out.push(DriftAction::No);
            }
            _ => {
                out.push(DriftAction::PlayDrawn);
                out.extend(hand.playable().map(DriftAction::Hand));
            }
        }
    }
}

/// Who answers a decision taken in [`DriftGame::decide`]: an action given beforehand, or
/// the players (in [`Game::play`](crate::Game::play)). Inlined into each arm of `decide`
/// (a closure called from many arms would be kept out of line).
pub(crate) trait Choose {
    /// The action at decision `step`, pending in `st`.
    fn choose(self, game: &DriftGame, st: &DriftState, step: Step, rng: &mut GameRng) -> DriftAction;
}

/// The action itself, given beforehand ([`Game::apply`](crate::Game::apply)).
impl Choose for DriftAction {
    #[inline(always)]
    fn choose(self, _: &DriftGame, _: &DriftState, _: Step, _: &mut GameRng) -> DriftAction {
        self
    }
}

/// The player of the seat to move, answering in [`Game::play`]: given the legal actions
/// and the view of the decision's step.
struct Mover<'p, P: ?Sized> {
    players: &'p mut P,
    /// The buffer of legal actions that are no constant list.
    legal: &'p mut Vec<DriftAction>,
    seat: Seat,
}

impl<P: Players<DriftGame> + ?Sized> Choose for Mover<'_, P> {
    #[inline(always)]
    fn choose(self, game: &DriftGame, st: &DriftState, step: Step, rng: &mut GameRng) -> DriftAction {
        let (seat, legal) = (self.seat, game.legal_of(st, step, self.legal));
        let action = self.players.choose_inlined(seat, &game.mover_view(st, seat, step), legal, rng);
        debug_assert!(legal.contains(&action), "seat {seat} chose illegal {action:?}");
        action
    }
}

impl Game for DriftGame {
    type State = DriftState;
    type Action = DriftAction;
    type View<'a> = DriftView<'a>;
    type Outcome = DriftOutcome;

    fn num_seats(&self) -> usize {
        if self.is_solo() { 1 } else { 2 }
    }

    fn new_state(&self) -> DriftState {
        DriftState::new()
    }

    fn reset(&self, st: &mut DriftState, rng: &mut GameRng) {
        self.start(st);
        self.run(st, rng);
    }

    #[inline]
    fn to_move(&self, st: &DriftState) -> Option<Seat> {
        st.to_move.map(usize::from)
    }

    fn legal_actions(&self, st: &DriftState, out: &mut Vec<DriftAction>) {
        out.clear();
        if st.to_move.is_some() {
            match Self::constant_legal(&st.hands[st.deciding_slot()], st.step) {
                Some(fixed) => out.extend_from_slice(fixed),
                None => self.fill_legal(st, out),
            }
        }
    }

    #[inline(always)]
    fn legal<'a>(&'a self, st: &'a DriftState, out: &'a mut Vec<DriftAction>) -> &'a [DriftAction] {
        if st.to_move.is_none() { &[] } else { self.legal_of(st, st.step, out) }
    }

    #[inline]
    fn view<'a>(&'a self, state: &'a DriftState, seat: Seat) -> DriftView<'a> {
        if state.to_move == Some(seat as u8) {
            return self.mover_view(state, seat, state.step);
        }
        // The seat's own (first) slot.
        let slot = usize::from(seat as u8 != state.leader_side || self.is_solo());
        DriftView { game: self, state, seat, slot, ask: Self::ask_of(state.step) }
    }

    #[inline(always)]
    fn apply(&self, st: &mut DriftState, action: DriftAction, rng: &mut GameRng) {
        self.take(st, action, rng);
    }

    /// The step loop with each decision taken where the flow posed it: in each arm of
    /// `DriftGame::decide` the step is a constant, so the question, the view and the
    /// legal actions the player is given fold to that decision's.
    #[inline]
    fn play<P: Players<Self> + ?Sized>(
        &self,
        st: &mut DriftState,
        legal: &mut Vec<DriftAction>,
        players: &mut P,
        rng: &mut GameRng,
    ) -> DriftOutcome {
        self.reset(st, rng);
        while let Some(seat) = st.to_move {
            let seat = usize::from(seat);
            self.take(st, Mover { players: &mut *players, legal: &mut *legal, seat }, rng);
        }
        self.outcome(st)
    }

    fn outcome(&self, st: &DriftState) -> DriftOutcome {
        let s = &st.sides;
        let points = [s[0].points, s[1].points];
        let winner = match points[0].cmp(&points[1]) {
            _ if self.is_solo() => None,
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        };
        DriftOutcome {
            points,
            winner,
            rounds: [s[0].rounds, s[1].rounds],
            scored: [s[0].scored, s[1].scored],
            lives_lost: [s[0].lives_lost, s[1].lives_lost],
            life_left: [s[0].life, s[1].life],
            first_round_scored: [s[0].first_scored, s[1].first_scored],
            round_cap_hit: st.capped[0] || st.capped[1],
            capped: st.capped,
            style_uses: [s[0].uses, s[1].uses],
        }
    }
}
