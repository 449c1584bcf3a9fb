//! Decks: 30 card ids into a pool, checked against the deck-building limits.
//!
//! # Deck file format
//!
//! ```toml
//! [[deck]]
//! name = "Shooters"
//! cards = [
//!   { card = "Beetle Gunner", count = 3 },
//!   { card = "Beetle Gunner", kind = "medachange", count = 2 },
//! ]
//! ```
//!
//! `kind` is needed only when a medarot and a medachange share the name
//! (it defaults to the one card of that name otherwise). A deck holds exactly
//! [`DECK_SIZE`] cards, at most [`MAX_COPIES`] of one kind and name (a medarot
//! and its medachange are counted separately).

use super::{CardId, CardKind, CardPool, MedarotError};
use crate::config::Presets;

/// Cards in a deck (デッキ30枚).
pub const DECK_SIZE: usize = 30;
/// Most copies of one card (kind and name) in a deck (同名カード3枚まで).
pub const MAX_COPIES: usize = 3;

/// A legal deck: a name and [`DECK_SIZE`] ids into a [`CardPool`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deck {
    /// The deck's name.
    pub name: String,
    /// The cards, in list order (shuffled when a game starts).
    pub cards: [CardId; DECK_SIZE],
}

impl Deck {
    /// The deck lists shipped with the engine: `example`, invented decks over the example pool.
    pub const PRESETS: Presets =
        Presets { kind: "medarot deck list", list: &[("example", include_str!("presets/decks.toml"))] };

    /// Builds a deck from card ids, checking the size, the copy limit and the ids.
    pub fn new(pool: &CardPool, name: &str, ids: &[CardId]) -> Result<Self, MedarotError> {
        let err = |problem: String| MedarotError::Deck { deck: name.to_string(), problem };
        if let Some(bad) = ids.iter().find(|id| id.index() >= pool.len()) {
            return Err(err(format!("card id {} is not in the pool", bad.0)));
        }
        for &id in ids {
            let copies = ids.iter().filter(|&&o| o == id).count();
            if copies > MAX_COPIES {
                let c = pool.card(id);
                return Err(err(format!("has {copies} copies of {} '{}'; at most {MAX_COPIES}", c.kind, c.name)));
            }
        }
        if ids.len() != DECK_SIZE {
            return Err(err(format!("has {} cards; a deck must have exactly {DECK_SIZE}", ids.len())));
        }
        let mut cards = [CardId(0); DECK_SIZE];
        cards.copy_from_slice(ids);
        Ok(Self { name: name.to_string(), cards })
    }

    /// Parses a deck file (see the module docs) against `pool`: every `[[deck]]` in file order.
    pub fn from_toml(pool: &CardPool, text: &str) -> Result<Vec<Self>, MedarotError> {
        let table: toml::Table = crate::config::from_toml(text).map_err(|source| MedarotError::Toml { source })?;
        let file_err = |problem: &str| MedarotError::Deck { deck: "?".into(), problem: problem.into() };
        if let Some(key) = table.keys().find(|k| k.as_str() != "deck") {
            return Err(file_err(&format!("unknown top-level key `{key}` (decks are `[[deck]]` tables)")));
        }
        let Some(entries) = table.get("deck").and_then(|v| v.as_array()) else {
            return Err(file_err("no `[[deck]]` tables"));
        };
        let decks: Vec<Deck> = entries.iter().map(|e| parse_deck(pool, e)).collect::<Result<_, _>>()?;
        if let Some((i, d)) = decks.iter().enumerate().find(|(i, d)| decks[..*i].iter().any(|o| o.name == d.name)) {
            let problem = format!("deck {} has the name of an earlier deck; deck names must differ", i + 1);
            return Err(MedarotError::Deck { deck: d.name.clone(), problem });
        }
        Ok(decks)
    }

    /// The invented example decks (`presets/decks.toml`) over [`CardPool::example`].
    pub fn examples(pool: &CardPool) -> Result<Vec<Self>, MedarotError> {
        Self::from_toml(pool, Self::PRESETS.list[0].1)
    }

    /// How many copies of `id` the deck holds.
    pub fn copies(&self, id: CardId) -> usize {
        self.cards.iter().filter(|&&c| c == id).count()
    }
}

fn parse_deck(pool: &CardPool, entry: &toml::Value) -> Result<Deck, MedarotError> {
    let name = entry.get("name").and_then(|v| v.as_str()).unwrap_or("?").to_string();
    let err = |problem: String| MedarotError::Deck { deck: name.clone(), problem };
    let Some(t) = entry.as_table() else {
        return Err(err("must be a table".into()));
    };
    if let Some(key) = t.keys().find(|k| !matches!(k.as_str(), "name" | "cards")) {
        return Err(err(format!("unknown field `{key}` (name, cards)")));
    }
    if name == "?" {
        return Err(err("missing `name`".into()));
    }
    let Some(list) = t.get("cards").and_then(|v| v.as_array()) else {
        return Err(err("`cards` must be a list of { card, count } tables".into()));
    };
    let mut ids = Vec::with_capacity(DECK_SIZE);
    for item in list {
        let Some(card) = item.get("card").and_then(|v| v.as_str()) else {
            return Err(err(format!("entry {item} needs `card = \"name\"`")));
        };
        if let Some(key) =
            item.as_table().and_then(|t| t.keys().find(|k| !matches!(k.as_str(), "card" | "count" | "kind")))
        {
            return Err(err(format!("card '{card}': unknown field `{key}` (card, count, kind)")));
        }
        let count = match item.get("count") {
            None => 1,
            Some(v) => match v.as_integer() {
                Some(n) if (1..=DECK_SIZE as i64).contains(&n) => n as usize,
                _ => {
                    return Err(err(format!("card '{card}': `count` must be an integer in 1..={DECK_SIZE}")));
                }
            },
        };
        let id = match item.get("kind").map(|v| v.as_str()) {
            None => {
                let mut found = pool.iter().filter(|(_, c)| c.name == card);
                match (found.next(), found.next()) {
                    (Some((id, _)), None) => id,
                    (None, _) => return Err(err(format!("card '{card}' is not in the pool"))),
                    (Some(_), Some(_)) => {
                        return Err(err(format!("card '{card}' names several kinds; add `kind = \"...\"`")));
                    }
                }
            }
            Some(kind) => {
                let kind = match kind {
                    Some("medarot") => CardKind::Medarot,
                    Some("medachange") => CardKind::Medachange,
                    Some("medarotter") => CardKind::Medarotter,
                    _ => return Err(err(format!("card '{card}': unknown `kind`"))),
                };
                pool.find(kind, card).ok_or_else(|| err(format!("{kind} '{card}' is not in the pool")))?
            }
        };
        ids.extend(std::iter::repeat_n(id, count));
    }
    Deck::new(pool, &name, &ids)
}
