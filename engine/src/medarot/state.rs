//! The state of one game in progress: fixed-size piles, the field, the step
//! stack of pending decisions, and a from-scratch `validate()`.

use super::cards::{CardId, CardSet, Dir};
use super::deck::DECK_SIZE;
use super::outcome::{HP_TURNS, LossCondition, PlayerStats};

/// Medarotter stock slots (ストック, 3 cards).
pub const STOCK_SIZE: usize = 3;
/// Medarots a player has on the field at most (3 placed in the opening, replaced one for one).
pub const UNITS: usize = 3;
/// Hand size above which a player discards at once (手札の上限 7).
pub const HAND_LIMIT: usize = 7;
/// Cards drawn in the opening (and after a mulligan).
pub const OPENING_HAND: usize = 7;
/// Most cards drawn by the optional start-phase draw, and by a player whose medarot was destroyed.
pub const DRAW_UP_TO: u8 = 3;
/// Squares of the field: row 0 is seat 0's side, row 1 the neutral zone, row 2 seat 1's side.
pub const CELLS: usize = 9;
/// "No square" in actions that may have no target.
pub const NO_CELL: u8 = u8::MAX;

/// A pile of at most [`DECK_SIZE`] cards (deck, hand, trash, reserve).
#[derive(Clone, Copy, Debug)]
pub struct Pile {
    cards: [CardId; DECK_SIZE],
    len: u8,
}

impl Pile {
    const EMPTY: Pile = Pile { cards: [CardId(0); DECK_SIZE], len: 0 };

    /// The cards, bottom first (the deck's top is the last).
    pub fn as_slice(&self) -> &[CardId] {
        &self.cards[..self.len as usize]
    }
    /// Number of cards.
    pub fn len(&self) -> usize {
        self.len as usize
    }
    /// Whether the pile is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    pub(crate) fn push(&mut self, card: CardId) {
        self.cards[self.len as usize] = card;
        self.len += 1;
    }
    pub(crate) fn pop(&mut self) -> Option<CardId> {
        self.len = self.len.checked_sub(1)?;
        Some(self.cards[self.len as usize])
    }
    /// Removes the card at `i`, moving the last card into its place.
    pub(crate) fn take(&mut self, i: usize) -> CardId {
        let card = self.cards[i];
        self.len -= 1;
        self.cards[i] = self.cards[self.len as usize];
        card
    }
    pub(crate) fn as_mut_slice(&mut self) -> &mut [CardId] {
        &mut self.cards[..self.len as usize]
    }
}

/// A medarotter in the stock; `used` ones are trashed in the end phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StockSlot {
    /// The medarotter.
    pub card: CardId,
    /// Used this turn (its effect lasts until the end phase).
    pub used: bool,
}

/// A medarot on the field (with its medachange card stacked on top, if any).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unit {
    /// Square 0..9.
    pub cell: u8,
    /// The medarot card.
    pub base: CardId,
    /// The medachange card stacked on it.
    pub change: Option<CardId>,
    /// Revealed (units placed face down are revealed in the next start phase and cannot act before).
    pub face_up: bool,
    /// Has had its turn in this action phase.
    pub acted: bool,
    /// Own-side power bonus of its special, active until its next turn.
    pub boost: u8,
    /// Own-side armour bonus of its special, active until its next turn.
    pub shield: u8,
    /// Locked (cannot move or act) by the enemy unit in this slot, until that unit's next turn.
    pub locked_by: Option<u8>,
}

impl Unit {
    pub(crate) fn new(cell: u8, base: CardId) -> Self {
        Self { cell, base, change: None, face_up: false, acted: false, boost: 0, shield: 0, locked_by: None }
    }
    /// The card whose stats apply: the medachange if stacked, else the medarot.
    pub fn top(&self) -> CardId {
        self.change.unwrap_or(self.base)
    }
}

/// One player's cards, HP and records.
#[derive(Clone, Copy, Debug)]
pub struct Player {
    pub(crate) deck: Pile,
    pub(crate) hand: Pile,
    pub(crate) trash: Pile,
    /// Medaforce reserve (メダフォースリザーブ): destroyed medarots.
    pub(crate) reserve: Pile,
    pub(crate) stock: [Option<StockSlot>; STOCK_SIZE],
    pub(crate) master: Option<CardId>,
    /// The master's ability was used this turn.
    pub(crate) master_used: bool,
    pub(crate) units: [Option<Unit>; UNITS],
    pub(crate) hp: i16,
    /// HP after the base and the master's modifier: `hp` = this + regained − paid.
    pub(crate) hp_start: i16,
    /// Medarots to place face down as soon as one is in hand (after a destruction or a short opening).
    pub(crate) owed: u8,
    /// Of `owed`, those a short opening left (placed first, on any free own square).
    pub(crate) owed_opening: u8,
    pub(crate) stats: PlayerStats,
    pub(crate) played: CardSet,
}

impl Player {
    const EMPTY: Player = Player {
        deck: Pile::EMPTY,
        hand: Pile::EMPTY,
        trash: Pile::EMPTY,
        reserve: Pile::EMPTY,
        stock: [None; STOCK_SIZE],
        master: None,
        master_used: false,
        units: [None; UNITS],
        hp: 0,
        hp_start: 0,
        owed: 0,
        owed_opening: 0,
        stats: PlayerStats::ZERO,
        played: CardSet::EMPTY,
    };

    pub(crate) fn unit_count(&self) -> usize {
        self.units.iter().flatten().count()
    }
    pub(crate) fn unit(&self, slot: u8) -> &Unit {
        self.units[slot as usize].as_ref().expect("unit present")
    }
    pub(crate) fn unit_mut(&mut self, slot: u8) -> &mut Unit {
        self.units[slot as usize].as_mut().expect("unit present")
    }
    /// Every card the player owns, wherever it is.
    fn all_cards(&self, mut f: impl FnMut(CardId)) {
        for pile in [&self.deck, &self.hand, &self.trash, &self.reserve] {
            pile.as_slice().iter().for_each(|&c| f(c));
        }
        self.stock.iter().flatten().for_each(|s| f(s.card));
        self.master.into_iter().for_each(&mut f);
        for u in self.units.iter().flatten() {
            f(u.base);
            u.change.into_iter().for_each(&mut f);
        }
    }
}

/// A pending step: a decision of one seat, or bookkeeping resolved automatically.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// Choose the master among the medarotters in hand.
    OpeningMaster(u8),
    /// Put medarotters into the stock, then `Done`.
    OpeningStock(u8),
    /// Place medarots face down on the own side.
    OpeningPlace(u8),
    /// Optionally pay 1 HP to draw 1–3 cards.
    ExtraDraw(u8),
    /// Put medarotters into the stock after a draw that brought cards (any draw: start
    /// phase, extra, after a destruction, an effect), then `Done`.
    DrawStock(u8),
    /// No master yet and medarotters were drawn: choose one.
    PickMaster(u8),
    /// Owed medarots: place one from hand.
    PlaceOwed(u8),
    /// Automatic: discard down to the hand limit.
    HandLimit(u8),
    /// Discard this many more cards.
    Discard(u8, u8),
    /// A medarot of this player was destroyed: draw 0–3 cards.
    DestroyDraw(u8),
    /// Choose which of the player's tied medarots acts next.
    PickActor(u8),
    /// The turn of the medarot in `State::act`.
    Activation,
    /// The attacker may use 【行動】 medarotters.
    AttackWindow,
    /// The defender may use 【防御】 medarotters.
    DefenceWindow,
    /// Automatic: compare power and armour of `State::atk`.
    Resolve,
    /// Automatic: after a weak defence, the defender's hand may be empty (弱破壊).
    WeakCheck,
    /// Automatic: a piercing attack goes on behind its destroyed target.
    Pierce,
}

/// Where the turn sequence stands when no step is pending.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Cursor {
    /// Dealing to the k-th player (in first-player order).
    Opening(u8),
    /// Start phase of the k-th player; 2 = the end-of-start-phase check.
    Start(u8),
    /// Picking the next medarot to act.
    Action,
    /// End phase.
    End,
}

/// The medarot whose turn it is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Activation {
    pub p: u8,
    pub slot: u8,
    pub moved: bool,
    pub acted: bool,
    /// It declared an attack (the movement penalty's condition under `move_penalty = "attack"`).
    pub attacked: bool,
}

/// The attack being resolved.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct AttackCtx {
    pub p: u8,
    pub slot: u8,
    pub target: u8,
    /// Step from attacker to target (rows, columns), absolute; pierce continues along it.
    pub dir: (i8, i8),
    pub power_bonus: u8,
    pub armour_bonus: u8,
    pub cancelled: bool,
}

/// Most pending steps at once (deepest: activation, window, draw follow-ups, destruction).
const STACK: usize = 16;

/// Everything about one game in progress (fixed size, `Copy`-able storage).
#[derive(Clone, Debug)]
pub struct MedarotState {
    pub(crate) players: [Player; 2],
    /// 0 = empty, else 1 + 3·player + slot.
    pub(crate) board: [u8; CELLS],
    pub(crate) first: u8,
    pub(crate) turn: u16,
    pub(crate) cursor: Cursor,
    stack: [Step; STACK],
    depth: u8,
    pub(crate) act: Activation,
    pub(crate) atk: AttackCtx,
    /// Own tied medarots (bit per slot) for `PickActor`.
    pub(crate) tie: u8,
    pub(crate) over: Option<(u8, LossCondition)>,
    /// The decks' card lists (for the conservation check).
    pub(crate) decks: [[CardId; DECK_SIZE]; 2],
    /// The seat whose medarot acted first in turn 1.
    pub(crate) first_actor: Option<u8>,
    /// Whether turn 1's first actor was a coin flip (the players' fastest tied).
    pub(crate) first_actor_by_coin: bool,
    /// Each seat's fastest medarot when turn 1's action phase began.
    pub(crate) turn1_speed: [u8; 2],
    /// HP at the end of each turn (the first `turns_ended` entries, up to HP_TURNS).
    pub(crate) hp_log: [[i16; 2]; HP_TURNS],
    /// End phases played.
    pub(crate) turns_ended: u16,
}

impl MedarotState {
    pub(crate) fn new(decks: [[CardId; DECK_SIZE]; 2]) -> Self {
        Self {
            players: [Player::EMPTY; 2],
            board: [0; CELLS],
            first: 0,
            turn: 0,
            cursor: Cursor::Opening(0),
            stack: [Step::Activation; STACK],
            depth: 0,
            act: Activation::default(),
            atk: AttackCtx::default(),
            tie: 0,
            over: None,
            decks,
            first_actor: None,
            first_actor_by_coin: false,
            turn1_speed: [0; 2],
            hp_log: [[0; 2]; HP_TURNS],
            turns_ended: 0,
        }
    }

    pub(crate) fn clear(&mut self) {
        let decks = self.decks;
        *self = Self::new(decks);
    }

    pub(crate) fn top(&self) -> Option<Step> {
        self.depth.checked_sub(1).map(|d| self.stack[d as usize])
    }
    pub(crate) fn push(&mut self, step: Step) {
        self.stack[self.depth as usize] = step;
        self.depth += 1;
    }
    pub(crate) fn pop(&mut self) {
        self.depth -= 1;
    }
    pub(crate) fn set_top(&mut self, step: Step) {
        self.stack[self.depth as usize - 1] = step;
    }
    pub(crate) fn clear_steps(&mut self) {
        self.depth = 0;
    }

    /// The player in `k`-th place of the first-player order.
    pub(crate) fn order(&self, k: u8) -> u8 {
        self.first ^ k
    }

    /// The unit at a square: (player, slot).
    pub(crate) fn at(&self, cell: u8) -> Option<(u8, u8)> {
        match self.board[cell as usize] {
            0 => None,
            v => Some(((v - 1) / 3, (v - 1) % 3)),
        }
    }

    /// The game is over.
    pub fn is_over(&self) -> bool {
        self.over.is_some()
    }

    /// The turn number (1 = the first turn after the opening).
    pub fn turn(&self) -> u16 {
        self.turn
    }

    /// A player's HP.
    pub fn hp(&self, p: usize) -> i16 {
        self.players[p].hp
    }

    /// Recomputes everything kept incrementally and panics on any inconsistency
    /// ([`MedarotState::invariants`] says what they are).
    pub fn validate(&self) {
        if let Err(e) = self.invariants() {
            panic!("{e}");
        }
    }

    /// Recomputes everything kept incrementally: each player's 30 cards are
    /// exactly their deck's cards, spread over deck, hand, trash, reserve, stock,
    /// master and field; the board matches the units; HP is never negative and
    /// equals the starting HP plus all HP regained minus all HP paid; the step
    /// stack is within bounds. `Err` says what is wrong.
    pub fn invariants(&self) -> Result<(), String> {
        let ensure = |holds: bool, what: &dyn Fn() -> String| if holds { Ok(()) } else { Err(what()) };
        ensure(self.depth as usize <= STACK, &|| format!("step stack depth {}", self.depth))?;
        for (p, pl) in self.players.iter().enumerate() {
            let mut counts = [0i32; super::cards::MAX_CARDS];
            let mut total = 0;
            pl.all_cards(|c| {
                counts[c.index()] += 1;
                total += 1;
            });
            for &c in &self.decks[p] {
                counts[c.index()] -= 1;
            }
            ensure(total == DECK_SIZE, &|| format!("player {p} holds {total} cards"))?;
            ensure(counts.iter().all(|&n| n == 0), &|| format!("player {p}: cards created or lost"))?;
            ensure(pl.hp >= 0, &|| format!("player {p} HP {} below zero", pl.hp))?;
            let ledger = pl.hp_start as i32 + pl.stats.hp_regained as i32 - pl.stats.hp_paid as i32;
            ensure(pl.hp as i32 == ledger, &|| {
                format!("player {p}: HP {} but start + regained - paid = {ledger}", pl.hp)
            })?;
            ensure(pl.unit_count() + pl.owed as usize <= UNITS, &|| format!("player {p}: too many medarots owed"))?;
            ensure(pl.owed_opening <= pl.owed, &|| format!("player {p}: opening debt above the debt"))?;
            for (s, u) in pl.units.iter().enumerate() {
                if let Some(u) = u {
                    ensure(self.at(u.cell) == Some((p as u8, s as u8)), &|| "board out of step".into())?;
                    let row = u.cell / 3;
                    let own = if p == 0 { 0 } else { 2 };
                    ensure(row == 1 || row == own, &|| format!("player {p}: unit on the opponent's side"))?;
                }
            }
        }
        let on_board = self.board.iter().filter(|&&v| v != 0).count();
        let units = self.players[0].unit_count() + self.players[1].unit_count();
        ensure(on_board == units, &|| format!("{on_board} squares taken by {units} units"))
    }
}

/// Absolute square of (relative row, relative column) for player `p`:
/// row 0 own side, 1 neutral, 2 opponent's side; columns mirrored for seat 1.
pub(crate) const fn abs_cell(p: u8, row: u8, col: u8) -> u8 {
    if p == 0 { row * 3 + col } else { (2 - row) * 3 + (2 - col) }
}

/// (relative row, relative column) of an absolute square for player `p`.
pub(crate) const fn rel(p: u8, cell: u8) -> (u8, u8) {
    let (r, c) = (cell / 3, cell % 3);
    if p == 0 { (r, c) } else { (2 - r, 2 - c) }
}

/// The square one step in `dir` from `cell` for player `p`, if on the board.
pub(crate) fn step_cell(p: u8, cell: u8, dir: Dir) -> Option<u8> {
    let (r, c) = rel(p, cell);
    let (dr, dc) = dir.delta();
    let (r, c) = (r as i8 + dr, c as i8 + dc);
    ((0..3).contains(&r) && (0..3).contains(&c)).then(|| abs_cell(p, r as u8, c as u8))
}
