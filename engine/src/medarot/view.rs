//! What one seat knows: its own hand, stock and master, both HPs and pile
//! sizes, the public trash, and the field with the opponent's face-down
//! medarots hidden.

use super::cards::{AttackType, CardId, CardPool, Dir};
use super::game::MedarotGame;
use super::rules::Rules;
use super::state::{MedarotState, STOCK_SIZE, Step, StockSlot, rel, step_cell};
use crate::Seat;

/// The kind of decision pending.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Choose the master.
    Master,
    /// Put medarotters into the stock (opening or start phase).
    Stock,
    /// Place medarots face down (opening or replacement).
    Place,
    /// Optionally pay 1 HP to draw up to 3.
    ExtraDraw,
    /// Discard cards (hand limit, weak defence, disruption).
    Discard,
    /// Draw up to 3 after losing a medarot.
    DestroyDraw,
    /// Choose which own tied medarot acts.
    PickActor,
    /// The turn of an own medarot (see [`MedarotView::acting`]).
    Activation,
    /// Own attack: 【行動】 medarotters may be used.
    AttackWindow,
    /// Own medarot attacked: 【防御】 medarotters may be used.
    DefenceWindow,
    /// Nothing pending (game over).
    None,
}

/// A medarot on the field as one seat sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnitView {
    /// Owner seat.
    pub owner: Seat,
    /// Unit slot 0..3 of its owner.
    pub slot: u8,
    /// Absolute square.
    pub cell: u8,
    /// Row relative to its owner: 0 own side, 1 neutral zone.
    pub row: u8,
    /// Column relative to its owner.
    pub col: u8,
    /// The card whose stats apply (medachange if stacked); `None` when hidden from this seat.
    pub card: Option<CardId>,
    /// A medachange is stacked (visible only with the card).
    pub changed: bool,
    /// Face up.
    pub face_up: bool,
    /// Had its turn this action phase.
    pub acted: bool,
    /// Locked by an enemy special.
    pub locked: bool,
}

/// The attack being resolved, as one seat sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AttackView {
    /// Attacking unit (owner, slot).
    pub attacker: (Seat, u8),
    /// Target square.
    pub target: u8,
    /// Power with boosts and medarotter bonuses so far.
    pub power: u16,
    /// Armour with shields and bonuses so far; `None` when the target is hidden from this seat.
    pub armour: Option<u16>,
    /// The attack was cancelled.
    pub cancelled: bool,
}

/// One seat's view of the game.
#[derive(Clone, Copy, Debug)]
pub struct MedarotView<'a> {
    game: &'a MedarotGame<'a>,
    state: &'a MedarotState,
    seat: u8,
}

impl<'a> MedarotView<'a> {
    pub(crate) fn new(game: &'a MedarotGame<'a>, state: &'a MedarotState, seat: u8) -> Self {
        Self { game, state, seat }
    }
    /// The seat this view belongs to.
    pub fn seat(&self) -> Seat {
        self.seat as Seat
    }
    /// The card pool.
    pub fn pool(&self) -> &'a CardPool {
        self.game.pool
    }
    /// The rules in force.
    pub fn rules(&self) -> &'a Rules {
        &self.game.rules
    }
    /// The turn number.
    pub fn turn(&self) -> u16 {
        self.state.turn
    }
    /// The pending decision.
    pub fn decision(&self) -> Decision {
        match self.state.top() {
            None => Decision::None,
            Some(Step::OpeningMaster(_) | Step::PickMaster(_)) => Decision::Master,
            Some(Step::OpeningStock(_) | Step::DrawStock(_)) => Decision::Stock,
            Some(Step::OpeningPlace(_) | Step::PlaceOwed(_)) => Decision::Place,
            Some(Step::ExtraDraw(_)) => Decision::ExtraDraw,
            Some(Step::Discard(..) | Step::HandLimit(_)) => Decision::Discard,
            Some(Step::DestroyDraw(_)) => Decision::DestroyDraw,
            Some(Step::PickActor(_)) => Decision::PickActor,
            Some(Step::Activation) => Decision::Activation,
            Some(Step::AttackWindow | Step::Resolve | Step::WeakCheck | Step::Pierce) => Decision::AttackWindow,
            Some(Step::DefenceWindow) => Decision::DefenceWindow,
        }
    }
    /// A seat's HP.
    pub fn hp(&self, seat: Seat) -> i16 {
        self.state.players[seat].hp
    }
    /// Own hand.
    pub fn hand(&self) -> &'a [CardId] {
        self.state.players[self.seat as usize].hand.as_slice()
    }
    /// A seat's hand size.
    pub fn hand_len(&self, seat: Seat) -> usize {
        self.state.players[seat].hand.len()
    }
    /// A seat's deck size.
    pub fn deck_len(&self, seat: Seat) -> usize {
        self.state.players[seat].deck.len()
    }
    /// A seat's medaforce reserve size.
    pub fn reserve_len(&self, seat: Seat) -> usize {
        self.state.players[seat].reserve.len()
    }
    /// A seat's trash (public).
    pub fn trash(&self, seat: Seat) -> &'a [CardId] {
        self.state.players[seat].trash.as_slice()
    }
    /// Own stock.
    pub fn stock(&self) -> [Option<StockSlot>; STOCK_SIZE] {
        self.state.players[self.seat as usize].stock
    }
    /// Own master.
    pub fn master(&self) -> Option<CardId> {
        self.state.players[self.seat as usize].master
    }
    /// Medarots own seat still has to place.
    pub fn owed(&self) -> u8 {
        self.state.players[self.seat as usize].owed
    }
    /// A seat's medarots on the field.
    pub fn units(&self, seat: Seat) -> impl Iterator<Item = UnitView> + 'a {
        let (state, me) = (self.state, self.seat as usize);
        state.players[seat].units.iter().enumerate().filter_map(move |(slot, u)| {
            let u = u.as_ref()?;
            let visible = seat == me || u.face_up;
            let (row, col) = rel(seat as u8, u.cell);
            Some(UnitView {
                owner: seat,
                slot: slot as u8,
                cell: u.cell,
                row,
                col,
                card: visible.then(|| u.top()),
                changed: visible && u.change.is_some(),
                face_up: u.face_up,
                acted: u.acted,
                locked: u.locked_by.is_some(),
            })
        })
    }
    /// The unit on a square.
    pub fn unit_at(&self, cell: u8) -> Option<UnitView> {
        let (p, slot) = self.state.at(cell)?;
        self.units(p as usize).find(|u| u.slot == slot)
    }
    /// The medarot whose turn it is (owner, slot), during an activation.
    pub fn acting(&self) -> Option<UnitView> {
        let a = self.state.act;
        (self.state.top() == Some(Step::Activation)).then(|| self.units(a.p as usize).find(|u| u.slot == a.slot))?
    }
    /// Whether the acting medarot has moved / acted this turn.
    pub fn acting_progress(&self) -> (bool, bool) {
        (self.state.act.moved, self.state.act.acted)
    }
    /// Whether ending the acting medarot's turn now would pay the 1-HP movement penalty
    /// (under the rules' `move_penalty` scope).
    pub fn move_penalty_due(&self) -> bool {
        self.state.top() == Some(Step::Activation) && self.game.move_penalty_due(self.state)
    }
    /// A visible unit's power with its side's boosts.
    pub fn power(&self, u: &UnitView) -> Option<u16> {
        u.card.map(|_| self.game.power(self.state, u.owner as u8, u.slot))
    }
    /// A visible unit's armour with its side's shields.
    pub fn armour(&self, u: &UnitView) -> Option<u16> {
        u.card.map(|_| self.game.armour(self.state, u.owner as u8, u.slot))
    }
    /// The attack in progress.
    pub fn attack(&self) -> Option<AttackView> {
        let top = self.state.top()?;
        if !matches!(top, Step::AttackWindow | Step::DefenceWindow) {
            return None;
        }
        let a = self.state.atk;
        let target = self.unit_at(a.target)?;
        Some(AttackView {
            attacker: (a.p as Seat, a.slot),
            target: a.target,
            power: self.game.power(self.state, a.p, a.slot) + a.power_bonus as u16,
            armour: self.armour(&target).map(|x| x + a.armour_bonus as u16),
            cancelled: a.cancelled,
        })
    }
    /// The square one step in `dir` (relative to this seat) from `cell`, if on the board.
    pub fn step_from(&self, cell: u8, dir: Dir) -> Option<u8> {
        step_cell(self.seat, cell, dir)
    }
    /// The row of a square relative to this seat: 0 own side, 1 neutral zone, 2 opponent's side.
    pub fn row(&self, cell: u8) -> u8 {
        rel(self.seat, cell).0
    }
    /// Targets (square, long melee) a medarot of this seat with `attack` would have from `from`.
    pub fn targets_from(&self, attack: AttackType, from: u8) -> impl Iterator<Item = (u8, bool)> {
        let mut found = [(0u8, false); 4];
        let mut n = 0;
        self.game.attack_targets(self.state, self.seat, attack, from, |cell, long| {
            found[n] = (cell, long);
            n += 1;
        });
        found.into_iter().take(n)
    }
}
