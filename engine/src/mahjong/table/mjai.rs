//! Game records as mjai events (the JSON Lines format read by mjai tools
//! and Mortal): an [`EventLog`] kept in the [`TableState`](super::TableState)
//! when the game was built [`with_event_log`](super::RiichiTable::with_event_log),
//! and [`write_event`], which renders one event as one JSON line.
//!
//! Tiles are written `1m`…`9m`, `1p`…, `1s`…, `5mr`/`5pr`/`5sr` for red
//! fives, `E S W N` for the winds and `P F C` for haku, hatsu, chun
//! ([`pai_name`], read back by [`parse_pai`]). Dora indicators are recorded
//! when turned (a kan dora at once, after the kan); a `hora` carries the
//! points each seat moved (`deltas`, riichi sticks included), the ura
//! indicators when the winner was in riichi and the rules count ura dora,
//! and the score (`fan`, `fu`, `yakus` as `[name, han]` pairs with the
//! hand core's yaku names); `end_game` carries the final `scores`, after
//! the riichi sticks left on the table went to the first place.

use crate::mahjong::{PhysTile, Tile, Yaku, YakuList};
use std::fmt::Write;

use super::SEATS;

/// Events a hanchan usually needs; the log grows beyond this if a game is longer.
const CAPACITY: usize = 4096;

/// One mjai event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// `start_game`.
    StartGame,
    /// `start_kyoku`: a hand dealt.
    StartKyoku {
        /// Round wind (0 East, 1 South).
        bakaze: u8,
        /// Hand of the round, 1–4.
        kyoku: u8,
        /// 本場.
        honba: u8,
        /// Riichi sticks on the table (供託).
        kyotaku: u8,
        /// The dealer's seat.
        oya: u8,
        /// The first dora indicator.
        dora_marker: PhysTile,
        /// Points per seat before the hand.
        scores: [i32; SEATS],
        /// The 13 dealt tiles per seat, in dealing order.
        tehais: [[PhysTile; 13]; SEATS],
    },
    /// `tsumo`: a draw (live or rinshan).
    Tsumo {
        /// The drawing seat.
        actor: u8,
        /// The tile.
        pai: PhysTile,
    },
    /// `dahai`: a discard.
    Dahai {
        /// The discarding seat.
        actor: u8,
        /// The tile.
        pai: PhysTile,
        /// The drawn tile was discarded (ツモ切り).
        tsumogiri: bool,
    },
    /// `chi`.
    Chi {
        /// The calling seat.
        actor: u8,
        /// The discarder.
        target: u8,
        /// The called tile.
        pai: PhysTile,
        /// The two tiles from the hand.
        consumed: [PhysTile; 2],
    },
    /// `pon`.
    Pon {
        /// The calling seat.
        actor: u8,
        /// The discarder.
        target: u8,
        /// The called tile.
        pai: PhysTile,
        /// The two tiles from the hand.
        consumed: [PhysTile; 2],
    },
    /// `daiminkan` (大明槓).
    Daiminkan {
        /// The calling seat.
        actor: u8,
        /// The discarder.
        target: u8,
        /// The called tile.
        pai: PhysTile,
        /// The three tiles from the hand.
        consumed: [PhysTile; 3],
    },
    /// `kakan` (加槓).
    Kakan {
        /// The declaring seat.
        actor: u8,
        /// The added tile.
        pai: PhysTile,
        /// The pon's three tiles.
        consumed: [PhysTile; 3],
    },
    /// `ankan` (暗槓).
    Ankan {
        /// The declaring seat.
        actor: u8,
        /// The four tiles.
        consumed: [PhysTile; 4],
    },
    /// `reach`: riichi declared (its discard follows).
    Reach {
        /// The declaring seat.
        actor: u8,
    },
    /// `reach_accepted`: the declaring discard was not won on; the stick is paid.
    ReachAccepted {
        /// The declaring seat.
        actor: u8,
    },
    /// `dora`: a kan dora indicator turned.
    Dora {
        /// The indicator.
        dora_marker: PhysTile,
    },
    /// `hora`: a win (one event per winner of a double ron).
    Hora {
        /// The winner.
        actor: u8,
        /// The discarder (the winner on a tsumo).
        target: u8,
        /// The winning tile.
        pai: PhysTile,
        /// Points moved by this win per seat (honba and sticks included),
        /// when the record states them (the table always does).
        deltas: Option<[i32; SEATS]>,
        /// Ura indicators (the first `ura_count`).
        ura_markers: [PhysTile; 5],
        /// How many ura indicators count.
        ura_count: u8,
        /// The score, when the record states it (the table always does).
        score: Option<HoraScore>,
    },
    /// `ryukyoku`: an exhaustive or abortive draw.
    Ryukyoku {
        /// Noten payments per seat (zero for an abortive draw), when the
        /// record states them (the table always does).
        deltas: Option<[i32; SEATS]>,
    },
    /// `end_kyoku`.
    EndKyoku,
    /// `end_game`.
    EndGame {
        /// Final points per seat, when the record states them (the table
        /// always does).
        scores: Option<[i32; SEATS]>,
    },
}

/// How a win scored: han, fu and yaku.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HoraScore {
    /// 翻 han (13 per yakuman multiple).
    pub han: u8,
    /// 符 fu (0 for a yakuman).
    pub fu: u8,
    /// Yaku and bonuses with their han (empty when a record names yaku
    /// this engine does not know).
    pub yaku: YakuList,
}

/// The events of the game in progress; records nothing unless switched on.
#[derive(Clone, Debug, Default)]
pub struct EventLog {
    on: bool,
    events: Vec<Event>,
}

impl EventLog {
    /// A log, recording (with its buffer allocated now) when `on`.
    pub(crate) fn new(on: bool) -> EventLog {
        EventLog { on, events: if on { Vec::with_capacity(CAPACITY) } else { Vec::new() } }
    }

    /// Whether events are recorded.
    pub fn is_on(&self) -> bool {
        self.on
    }

    /// The events of the current (or last) game.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    pub(crate) fn clear(&mut self) {
        self.events.clear();
    }

    /// Drops the events from `len` on.
    pub(crate) fn truncate(&mut self, len: usize) {
        self.events.truncate(len);
    }

    pub(crate) fn push(&mut self, e: Event) {
        if self.on {
            self.events.push(e);
        }
    }

    /// The last tile drawn, discarded or added to a kan (the winning tile of a hora).
    pub(crate) fn last_tile(&self) -> PhysTile {
        self.events
            .iter()
            .rev()
            .find_map(|e| match *e {
                Event::Tsumo { pai, .. } | Event::Dahai { pai, .. } | Event::Kakan { pai, .. } => Some(pai),
                Event::Ankan { consumed, .. } => Some(consumed[0]),
                _ => None,
            })
            .expect("a win follows a tile")
    }

    /// The tiles of `actor`'s pon of `pai`'s kind (for an added kan).
    pub(crate) fn pon_tiles(&self, actor: u8, pai: PhysTile) -> [PhysTile; 3] {
        self.events
            .iter()
            .rev()
            .find_map(|e| match *e {
                Event::Pon { actor: a, pai: p, consumed: [c0, c1], .. } if a == actor && p.kind() == pai.kind() => {
                    Some([p, c0, c1])
                }
                _ => None,
            })
            .expect("an added kan needs its pon")
    }
}

/// A piece of kind `t`, red when `red`.
pub(crate) fn piece(t: crate::mahjong::Tile, red: bool) -> PhysTile {
    if red { PhysTile::Red(t) } else { PhysTile::Plain(t) }
}

const NAMES: [&str; 34] = [
    "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p", "1s",
    "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "E", "S", "W", "N", "P", "F", "C",
];

/// The mjai name of a piece (`5mr` for a red five, `P` for haku).
pub fn pai_name(p: PhysTile) -> &'static str {
    let t = p.kind().expect("the four-player set has no flowers");
    match (p.is_red(), t.index()) {
        (true, 4) => "5mr",
        (true, 13) => "5pr",
        (true, 22) => "5sr",
        (_, i) => NAMES[i],
    }
}

/// The piece an mjai name stands for (`5pr` a red five, `P` haku), if any.
pub fn parse_pai(name: &str) -> Option<PhysTile> {
    let (plain, red) = match name.strip_suffix('r') {
        Some(p @ ("5m" | "5p" | "5s")) => (p, true),
        _ => (name, false),
    };
    let i = NAMES.iter().position(|&n| n == plain)?;
    Some(piece(Tile::from_index(i as u8)?, red))
}

fn tiles(out: &mut String, ts: &[PhysTile]) {
    out.push('[');
    for (i, &t) in ts.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let _ = write!(out, "\"{}\"", pai_name(t));
    }
    out.push(']');
}

fn numbers(out: &mut String, xs: &[i32]) {
    out.push('[');
    for (i, x) in xs.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let _ = write!(out, "{x}");
    }
    out.push(']');
}

/// Appends `e` to `out` as one mjai JSON object and a newline.
pub fn write_event(e: &Event, out: &mut String) {
    let call = |out: &mut String, name: &str, actor: u8, target: u8, pai: PhysTile, consumed: &[PhysTile]| {
        let _ = write!(
            out,
            "{{\"type\":\"{name}\",\"actor\":{actor},\"target\":{target},\"pai\":\"{}\",\"consumed\":",
            pai_name(pai)
        );
        tiles(out, consumed);
        out.push('}');
    };
    match *e {
        Event::StartGame => return write_start_game(&["seat0", "seat1", "seat2", "seat3"], out),
        Event::StartKyoku { bakaze, kyoku, honba, kyotaku, oya, dora_marker, scores, tehais } => {
            let wind = ["E", "S", "W", "N"][bakaze as usize % 4];
            let _ = write!(
                out,
                "{{\"type\":\"start_kyoku\",\"bakaze\":\"{wind}\",\"kyoku\":{kyoku},\"honba\":{honba},\
                 \"kyotaku\":{kyotaku},\"oya\":{oya},\"dora_marker\":\"{}\",\"scores\":",
                pai_name(dora_marker)
            );
            numbers(out, &scores);
            out.push_str(",\"tehais\":[");
            for (i, h) in tehais.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                tiles(out, h);
            }
            out.push_str("]}");
        }
        Event::Tsumo { actor, pai } => {
            let _ = write!(out, "{{\"type\":\"tsumo\",\"actor\":{actor},\"pai\":\"{}\"}}", pai_name(pai));
        }
        Event::Dahai { actor, pai, tsumogiri } => {
            let _ = write!(
                out,
                "{{\"type\":\"dahai\",\"actor\":{actor},\"pai\":\"{}\",\"tsumogiri\":{tsumogiri}}}",
                pai_name(pai)
            );
        }
        Event::Chi { actor, target, pai, consumed } => call(out, "chi", actor, target, pai, &consumed),
        Event::Pon { actor, target, pai, consumed } => call(out, "pon", actor, target, pai, &consumed),
        Event::Daiminkan { actor, target, pai, consumed } => call(out, "daiminkan", actor, target, pai, &consumed),
        Event::Kakan { actor, pai, consumed } => {
            let _ = write!(out, "{{\"type\":\"kakan\",\"actor\":{actor},\"pai\":\"{}\",\"consumed\":", pai_name(pai));
            tiles(out, &consumed);
            out.push('}');
        }
        Event::Ankan { actor, consumed } => {
            let _ = write!(out, "{{\"type\":\"ankan\",\"actor\":{actor},\"consumed\":");
            tiles(out, &consumed);
            out.push('}');
        }
        Event::Reach { actor } => {
            let _ = write!(out, "{{\"type\":\"reach\",\"actor\":{actor}}}");
        }
        Event::ReachAccepted { actor } => {
            let _ = write!(out, "{{\"type\":\"reach_accepted\",\"actor\":{actor}}}");
        }
        Event::Dora { dora_marker } => {
            let _ = write!(out, "{{\"type\":\"dora\",\"dora_marker\":\"{}\"}}", pai_name(dora_marker));
        }
        Event::Hora { actor, target, pai, deltas, ura_markers, ura_count, score } => {
            let _ =
                write!(out, "{{\"type\":\"hora\",\"actor\":{actor},\"target\":{target},\"pai\":\"{}\"", pai_name(pai));
            if let Some(d) = deltas {
                out.push_str(",\"deltas\":");
                numbers(out, &d);
            }
            out.push_str(",\"ura_markers\":");
            tiles(out, &ura_markers[..ura_count as usize]);
            if let Some(HoraScore { han, fu, yaku }) = score {
                let _ = write!(out, ",\"fan\":{han},\"fu\":{fu},\"yakus\":[");
                for (i, (y, h)) in yaku.as_slice().iter().enumerate() {
                    let comma = if i > 0 { "," } else { "" };
                    let _ = write!(out, "{comma}[\"{}\",{h}]", y.name());
                }
                out.push(']');
            }
            out.push('}');
        }
        Event::Ryukyoku { deltas } => {
            out.push_str("{\"type\":\"ryukyoku\"");
            if let Some(d) = deltas {
                out.push_str(",\"deltas\":");
                numbers(out, &d);
            }
            out.push('}');
        }
        Event::EndKyoku => out.push_str("{\"type\":\"end_kyoku\"}"),
        Event::EndGame { scores: None } => out.push_str("{\"type\":\"end_game\"}"),
        Event::EndGame { scores: Some(scores) } => {
            out.push_str("{\"type\":\"end_game\",\"scores\":");
            numbers(out, &scores);
            out.push('}');
        }
    }
    out.push('\n');
}

/// Appends a `start_game` event naming the seats' players.
pub fn write_start_game(names: &[&str; SEATS], out: &mut String) {
    out.push_str("{\"type\":\"start_game\",\"names\":[");
    for (i, n) in names.iter().enumerate() {
        let comma = if i > 0 { "," } else { "" };
        let _ = write!(out, "{comma}\"{}\"", n.escape_default());
    }
    out.push_str("]}\n");
}

/// The yaku with this hand-core name ([`Yaku::name`]).
pub fn yaku_by_name(name: &str) -> Option<Yaku> {
    Yaku::ALL.iter().copied().find(|y| y.name() == name)
}
