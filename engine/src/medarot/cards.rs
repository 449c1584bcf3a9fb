//! Cards as data: the card kinds, their stats and effect keywords, the pool
//! loaded from a TOML card list, and a fixed-size set of card ids.
//!
//! # Card file format
//!
//! A card file is a list of `[[card]]` tables. Every card has a `kind` and a
//! `name`; `(kind, name)` must be unique in the pool.
//!
//! ```toml
//! [[card]]
//! kind = "medarot"        # medarot | medachange | medarotter
//! name = "Beetle Gunner"
//! power = 30              # attack power (威力), a multiple of 10 is usual: power/10 is the weak-defence discard
//! armour = 20             # armour (装甲)
//! speed = 5               # speed (スピード), higher acts first
//! cost = 3                # medal cost (コスト): HP its owner pays when it is destroyed
//! arrows = ["F", "L", "R"] # movement arrows (移動方向), relative to the owner: F B L R FL FR BL BR
//! attack = "shoot"        # shoot (射撃) | melee (格闘) | special (特殊)
//! effects = { pierce = true }
//!
//! [[card]]
//! kind = "medachange"     # a transformed form, stacked on the medarot of the same name
//! name = "Beetle Gunner"
//! power = 40
//! armour = 20
//! speed = 3
//! arrows = ["F"]
//! attack = "melee"
//! effects = { power_change = true }
//!
//! [[card]]
//! kind = "medarotter"     # a support card (メダロッター), or the master
//! name = "Coach"
//! cost = 1                # paid with HP or medaforce when used
//! timing = "action"       # action 【行動】 | defence 【防御】 | trigger 【発動】
//! hp = 2                  # HP modifier when this card is the master
//! effects = { power = 10 }
//! ```
//!
//! Medachange cards have no `cost` (the stack keeps the base medarot's cost);
//! medarotters have no `power`/`armour`/`speed`/`arrows`/`attack`.
//!
//! # Effect keywords
//!
//! Effects are a table of keywords the engine interprets; they compose freely
//! within the contexts listed.
//!
//! | keyword | value | allowed on | meaning |
//! |---|---|---|---|
//! | `power` | int | action medarotter | +power to the attack in progress |
//! | `armour` | int | defence medarotter | +armour to the defending medarot for this attack |
//! | `cancel` | bool | defence medarotter | the attack in progress has no effect |
//! | `heal` | int | medarotter, special medarot | its owner regains that much HP |
//! | `draw` | int | medarotter, special medarot | its owner draws that many cards |
//! | `disrupt` | int | trigger medarotter, special medarot | the opponent discards that many cards (of their choice) |
//! | `shield` | int | special medarot | own medarots +armour until this medarot's next turn |
//! | `boost` | int | special medarot | own medarots +power until this medarot's next turn |
//! | `lock` | bool | special medarot, attacking medarot | the target can neither move nor act until this medarot's next turn (an attacker locks a target it hit but did not destroy) |
//! | `pierce` | bool | attacking medarot | after destroying, the same attack hits the enemy medarot right behind the target (【格闘貫通】) |
//! | `end_heal` | int | medarot, medachange | its owner regains that much HP in the end phase while it is on the field |
//! | `power_change` | bool | medachange | power form (パワー変形): pays 1 HP when acting (see the rules preset) |

use super::MedarotError;
use crate::config::Presets;
use std::fmt;

/// The error for `problem` with `field` of card `index` (1-based; 0: the file), named `card`.
pub(crate) fn card_err(index: usize, card: &str, field: &str, problem: &str) -> MedarotError {
    MedarotError::Card { index, card: card.to_string(), field: field.to_string(), problem: problem.to_string() }
}

/// The name of the vanilla cards (one per kind) a card file may hold: plain cards of
/// middling stats and no effect, in no deck, that the Medarot study's card ablation swaps
/// a card's copies for (the example pool's are described in `presets/cards.toml`).
pub const VANILLA: &str = "Vanilla";

/// Most cards a pool may hold (the size of [`CardSet`]).
pub const MAX_CARDS: usize = 512;

/// Index of a card in its [`CardPool`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct CardId(pub u16);

impl CardId {
    /// The index into the pool's card list.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// The three kinds of card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CardKind {
    /// A robot on the field (メダロット).
    Medarot,
    /// A transformed form stacked on the medarot of the same name (メダチェンジ).
    Medachange,
    /// A support card used from the stock, or kept as the master (メダロッター).
    Medarotter,
}

impl fmt::Display for CardKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Medarot => "medarot",
            Self::Medachange => "medachange",
            Self::Medarotter => "medarotter",
        })
    }
}

/// How a medarot acts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum AttackType {
    /// Shooting (射撃): hits 2 squares ahead, jumping over anything between.
    #[default]
    Shoot,
    /// Melee (格闘): hits 1 square ahead, or 2 for 1 HP when the square between is empty.
    Melee,
    /// Special (特殊): applies its effect keywords instead of attacking.
    Special,
}

/// When a medarotter may be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Timing {
    /// 【行動】: by the attacker, during its own attack.
    #[default]
    Action,
    /// 【防御】: by the defender, when attacked.
    Defence,
    /// 【発動】: during an own medarot's turn, outside an attack; never by the master.
    Trigger,
}

/// A movement direction relative to the card's owner (forward = towards the opponent).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    /// Forward.
    F,
    /// Forward-right.
    FR,
    /// Right.
    R,
    /// Back-right.
    BR,
    /// Back.
    B,
    /// Back-left.
    BL,
    /// Left.
    L,
    /// Forward-left.
    FL,
}

impl Dir {
    /// All eight directions, in bit order of [`Arrows`].
    pub const ALL: [Dir; 8] = [Dir::F, Dir::FR, Dir::R, Dir::BR, Dir::B, Dir::BL, Dir::L, Dir::FL];

    /// (rows forward, columns right) of one step.
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Dir::F => (1, 0),
            Dir::FR => (1, 1),
            Dir::R => (0, 1),
            Dir::BR => (-1, 1),
            Dir::B => (-1, 0),
            Dir::BL => (-1, -1),
            Dir::L => (0, -1),
            Dir::FL => (1, -1),
        }
    }

    pub(crate) fn parse(s: &str) -> Option<Dir> {
        Dir::ALL.into_iter().find(|d| format!("{d:?}") == s)
    }
}

/// The movement arrows of a card: a bit per [`Dir`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Arrows(pub u8);

impl Arrows {
    /// Whether the card may step in `dir`.
    pub const fn has(self, dir: Dir) -> bool {
        self.0 & (1 << dir as u8) != 0
    }
    /// Number of arrows (the second speed tie-break: more arrows act first).
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }
}

/// The effect keywords of a card (see the module docs for where each is allowed).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Effects {
    /// +power to the attack in progress.
    pub power: u8,
    /// +armour to the defending medarot.
    pub armour: u8,
    /// The attack in progress has no effect.
    pub cancel: bool,
    /// The owner regains HP.
    pub heal: u8,
    /// The owner draws cards.
    pub draw: u8,
    /// The opponent discards cards.
    pub disrupt: u8,
    /// Own medarots +armour until the source's next turn.
    pub shield: u8,
    /// Own medarots +power until the source's next turn.
    pub boost: u8,
    /// The target can neither move nor act until the source's next turn.
    pub lock: bool,
    /// A destroying attack goes on to the medarot behind the target.
    pub pierce: bool,
    /// The owner regains HP in each end phase while the card is on the field.
    pub end_heal: u8,
    /// Power form: 1 HP when acting.
    pub power_change: bool,
}

/// One card of the pool.
#[derive(Clone, Debug, PartialEq)]
pub struct Card {
    /// Medarot, medachange or medarotter.
    pub kind: CardKind,
    /// The card's name (unique within its kind).
    pub name: String,
    /// Attack power (medarot, medachange).
    pub power: u8,
    /// Armour (medarot, medachange).
    pub armour: u8,
    /// Speed (medarot, medachange).
    pub speed: u8,
    /// Medal cost: HP paid when destroyed (medarot) or to use it (medarotter); 0 for medachange.
    pub cost: u8,
    /// Movement arrows (medarot, medachange).
    pub arrows: Arrows,
    /// Attack type (medarot, medachange).
    pub attack: AttackType,
    /// Use timing (medarotter).
    pub timing: Timing,
    /// HP modifier when kept as the master (medarotter).
    pub hp: i8,
    /// Effect keywords.
    pub effects: Effects,
}

/// The card list every deck draws its ids from.
#[derive(Clone, Debug, PartialEq)]
pub struct CardPool {
    cards: Vec<Card>,
    /// For each medachange, the medarot of the same name it stacks on.
    bases: Vec<Option<CardId>>,
}

impl CardPool {
    /// The card lists shipped with the engine: `example`, an invented pool for testing.
    pub const PRESETS: Presets =
        Presets { kind: "medarot card list", list: &[("example", include_str!("presets/cards.toml"))] };

    /// This pool with `extra` cards appended (their ids follow the pool's), under the
    /// same checks as a card file: a study's variant cards (a stat step on a copy of a
    /// medarot and its medachange, renamed) are added this way.
    pub fn with_cards(&self, extra: impl IntoIterator<Item = Card>) -> Result<Self, MedarotError> {
        Self::from_cards(self.cards.iter().cloned().chain(extra).collect())
    }

    /// Checks the pool-level rules (size, unique names, a medarot for every medachange).
    pub(super) fn from_cards(cards: Vec<Card>) -> Result<Self, MedarotError> {
        if cards.len() > MAX_CARDS {
            return Err(card_err(MAX_CARDS + 1, &cards[MAX_CARDS].name, "card", "a pool holds at most 512 cards"));
        }
        for (i, c) in cards.iter().enumerate() {
            if cards[..i].iter().any(|d| d.kind == c.kind && d.name == c.name) {
                return Err(card_err(
                    i + 1,
                    &c.name,
                    "name",
                    &format!("a {} of this name is already in the pool", c.kind),
                ));
            }
            if c.kind == CardKind::Medachange && !cards.iter().any(|d| d.kind == CardKind::Medarot && d.name == c.name)
            {
                return Err(card_err(i + 1, &c.name, "name", "a medachange needs a medarot of the same name"));
            }
        }
        let bases = cards
            .iter()
            .map(|c| {
                let base = cards.iter().position(|d| d.kind == CardKind::Medarot && d.name == c.name);
                base.filter(|_| c.kind == CardKind::Medachange).map(|i| CardId(i as u16))
            })
            .collect();
        Ok(Self { cards, bases })
    }

    /// The invented example pool (`presets/cards.toml`): about 40 cards for testing,
    /// not a real card list.
    pub fn example() -> Self {
        Self::from_toml(Self::PRESETS.list[0].1).expect("the embedded example pool is valid")
    }

    /// The card with this id.
    pub fn card(&self, id: CardId) -> &Card {
        &self.cards[id.index()]
    }

    /// For a medachange, the medarot (same name) it stacks on.
    pub fn base_of(&self, change: CardId) -> Option<CardId> {
        self.bases[change.index()]
    }

    /// Number of cards in the pool.
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// Whether the pool is empty.
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// All cards with their ids.
    pub fn iter(&self) -> impl Iterator<Item = (CardId, &Card)> {
        self.cards.iter().enumerate().map(|(i, c)| (CardId(i as u16), c))
    }

    /// The id of the card of this kind and name.
    pub fn find(&self, kind: CardKind, name: &str) -> Option<CardId> {
        self.iter().find(|(_, c)| c.kind == kind && c.name == name).map(|(id, _)| id)
    }

    /// The vanilla card of a kind ([`VANILLA`]), if the pool has one: the documented
    /// plain card a study swaps a card's copies for to measure what the card adds.
    pub fn vanilla(&self, kind: CardKind) -> Option<CardId> {
        self.find(kind, VANILLA)
    }
}

/// A fixed-size set of card ids (one bit per card of the pool).
#[derive(Clone, Copy, PartialEq, Eq, Default)]
pub struct CardSet([u64; MAX_CARDS / 64]);

impl CardSet {
    /// The empty set.
    pub const EMPTY: CardSet = CardSet([0; MAX_CARDS / 64]);

    /// Adds a card.
    pub fn insert(&mut self, id: CardId) {
        self.0[id.index() / 64] |= 1 << (id.index() % 64);
    }

    /// Whether the card is in the set.
    pub fn contains(&self, id: CardId) -> bool {
        self.0[id.index() / 64] & (1 << (id.index() % 64)) != 0
    }

    /// Number of cards in the set.
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// The ids in the set, ascending.
    pub fn iter(&self) -> impl Iterator<Item = CardId> + '_ {
        (0..MAX_CARDS).filter(|&i| self.0[i / 64] & (1 << (i % 64)) != 0).map(|i| CardId(i as u16))
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(|c| c.0)).finish()
    }
}
