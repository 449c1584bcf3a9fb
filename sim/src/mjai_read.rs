//! Reading mjai JSON Lines game records (ours or another engine's) into the
//! table's [`Event`]s, and `sim mahjong replay`: each file replayed under a
//! table preset with [`replay`], findings named by file and line.
//!
//! Readings: a record must show every seat's dealt tiles (`?` for a hidden
//! tile is an error: a replay needs the full record); `deltas` of `hora`
//! and `ryukyoku` are compared when present (mjai makes them optional); a
//! `hora` without `pai` (Mortal's records) wins on the last tile drawn,
//! discarded or added to a kan; a `hora`'s `fan`, `fu` and `yakus` are
//! compared when present (yaku by the hand core's names; a record naming
//! other yaku is compared on han and fu only); `uradora_markers` is read
//! as `ura_markers`; `end_game` `scores` are compared when present;
//! other fields (`reach_accepted`'s `deltas`, `scores` …) are not read;
//! `none` events are skipped, but an unknown `type` is an error.

use anyhow::{Context, Result, anyhow, bail};
use engine::mahjong::PhysTile;
use engine::mahjong::table::{
    Event, FindingKind, HoraScore, ReplayReport, RiichiTable, SEATS, parse_pai, replay, yaku_by_name,
};
use engine::mahjong::{Yaku, YakuList};
use serde_json::Value;
use std::fmt::Write as _;
use std::path::Path;

/// The events of a record, with the line number (from 1) of each.
pub fn read_record(text: &str) -> Result<(Vec<Event>, Vec<usize>)> {
    let mut events = Vec::new();
    let mut lines = Vec::new();
    // The last tile drawn, discarded or added to a kan: what a `hora` without `pai` wins on.
    let mut last = None;
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let value: Value = serde_json::from_str(line).with_context(|| format!("line {}: not JSON", i + 1))?;
        if let Some(e) = event(&value, last).with_context(|| format!("line {}", i + 1))? {
            last = match e {
                Event::Tsumo { pai, .. } | Event::Dahai { pai, .. } | Event::Kakan { pai, .. } => Some(pai),
                Event::Ankan { consumed, .. } => Some(consumed[0]),
                _ => last,
            };
            events.push(e);
            lines.push(i + 1);
        }
    }
    Ok((events, lines))
}

fn field<'a>(v: &'a Value, name: &str) -> Result<&'a Value> {
    v.get(name).ok_or_else(|| anyhow!("missing field `{name}`"))
}

fn seat(v: &Value, name: &str) -> Result<u8> {
    match field(v, name)?.as_u64() {
        Some(s) if s < SEATS as u64 => Ok(s as u8),
        _ => bail!("`{name}` must be a seat 0–3"),
    }
}

fn small(v: &Value, name: &str) -> Result<u8> {
    field(v, name)?.as_u64().and_then(|n| u8::try_from(n).ok()).ok_or_else(|| anyhow!("`{name}` must be 0–255"))
}

fn pai_of(v: &Value) -> Result<PhysTile> {
    let name = v.as_str().ok_or_else(|| anyhow!("a tile must be a string, got {v}"))?;
    if name == "?" {
        bail!("hidden tile `?`: a replay needs a record that shows every tile");
    }
    parse_pai(name).ok_or_else(|| anyhow!("unknown tile `{name}`"))
}

fn pai(v: &Value, name: &str) -> Result<PhysTile> {
    pai_of(field(v, name)?).with_context(|| format!("`{name}`"))
}

/// A list of exactly `N` tiles.
fn pai_list<const N: usize>(v: &Value) -> Result<[PhysTile; N]> {
    let list = v.as_array().ok_or_else(|| anyhow!("a list of tiles expected, got {v}"))?;
    if list.len() != N {
        bail!("{N} tiles expected, got {}", list.len());
    }
    let mut out = [PhysTile::default(); N];
    for (o, p) in out.iter_mut().zip(list) {
        *o = pai_of(p)?;
    }
    Ok(out)
}

fn pais<const N: usize>(v: &Value, name: &str) -> Result<[PhysTile; N]> {
    pai_list(field(v, name)?).with_context(|| format!("`{name}`"))
}

fn numbers(v: &Value, name: &str) -> Result<[i32; SEATS]> {
    let list = field(v, name)?.as_array().ok_or_else(|| anyhow!("`{name}` must be a list"))?;
    let nums: Option<Vec<i32>> = list.iter().map(|x| x.as_i64().and_then(|n| i32::try_from(n).ok())).collect();
    nums.and_then(|n| n.try_into().ok()).ok_or_else(|| anyhow!("`{name}` must be four integers"))
}

fn optional_numbers(v: &Value, name: &str) -> Result<Option<[i32; SEATS]>> {
    match v.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(_) => numbers(v, name).map(Some),
    }
}

fn hora_score(v: &Value) -> Result<Option<HoraScore>> {
    let (Some(_), Some(_)) = (v.get("fan"), v.get("fu")) else { return Ok(None) };
    let mut yaku = YakuList::default();
    let names = v.get("yakus").and_then(Value::as_array).map_or(&[][..], Vec::as_slice);
    let known: Option<Vec<(Yaku, u8)>> = names
        .iter()
        .map(|p| Some((yaku_by_name(p.get(0)?.as_str()?)?, u8::try_from(p.get(1)?.as_u64()?).ok()?)))
        .collect();
    for (y, han) in known.unwrap_or_default() {
        yaku.push(y, han);
    }
    Ok(Some(HoraScore { han: small(v, "fan")?, fu: small(v, "fu")?, yaku }))
}

/// One event, or `None` for a type that carries nothing to replay (`none`);
/// `last` is the tile a `hora` without `pai` wins on.
fn event(v: &Value, last: Option<PhysTile>) -> Result<Option<Event>> {
    let kind = field(v, "type")?.as_str().ok_or_else(|| anyhow!("`type` must be a string"))?;
    let e = match kind {
        "none" => return Ok(None),
        "start_game" => Event::StartGame,
        "start_kyoku" => {
            let wind = field(v, "bakaze")?.as_str().unwrap_or("");
            let bakaze = ["E", "S", "W", "N"].iter().position(|&w| w == wind);
            let tehais = field(v, "tehais")?.as_array().ok_or_else(|| anyhow!("`tehais` must be a list"))?;
            if tehais.len() != SEATS {
                bail!("`tehais` must hold four hands");
            }
            let mut hands = [[PhysTile::default(); 13]; SEATS];
            for (s, h) in tehais.iter().enumerate() {
                hands[s] = pai_list(h).with_context(|| format!("`tehais` of seat {s}"))?;
            }
            Event::StartKyoku {
                bakaze: bakaze.ok_or_else(|| anyhow!("`bakaze` must be E, S, W or N"))? as u8,
                kyoku: small(v, "kyoku")?,
                honba: small(v, "honba")?,
                kyotaku: small(v, "kyotaku")?,
                oya: seat(v, "oya")?,
                dora_marker: pai(v, "dora_marker")?,
                scores: numbers(v, "scores")?,
                tehais: hands,
            }
        }
        "tsumo" => Event::Tsumo { actor: seat(v, "actor")?, pai: pai(v, "pai")? },
        "dahai" => Event::Dahai {
            actor: seat(v, "actor")?,
            pai: pai(v, "pai")?,
            tsumogiri: v.get("tsumogiri").and_then(Value::as_bool).unwrap_or(false),
        },
        "chi" | "pon" => {
            let (actor, target, pai, consumed) =
                (seat(v, "actor")?, seat(v, "target")?, pai(v, "pai")?, pais(v, "consumed")?);
            if kind == "chi" {
                Event::Chi { actor, target, pai, consumed }
            } else {
                Event::Pon { actor, target, pai, consumed }
            }
        }
        "daiminkan" => Event::Daiminkan {
            actor: seat(v, "actor")?,
            target: seat(v, "target")?,
            pai: pai(v, "pai")?,
            consumed: pais(v, "consumed")?,
        },
        "kakan" => Event::Kakan { actor: seat(v, "actor")?, pai: pai(v, "pai")?, consumed: pais(v, "consumed")? },
        "ankan" => Event::Ankan { actor: seat(v, "actor")?, consumed: pais(v, "consumed")? },
        "reach" => Event::Reach { actor: seat(v, "actor")? },
        "reach_accepted" => Event::ReachAccepted { actor: seat(v, "actor")? },
        "dora" => Event::Dora { dora_marker: pai(v, "dora_marker")? },
        "hora" => {
            let ura = v.get("ura_markers").or_else(|| v.get("uradora_markers"));
            let ura = ura.and_then(Value::as_array).map_or(&[][..], Vec::as_slice);
            if ura.len() > 5 {
                bail!("more than five ura indicators");
            }
            let mut ura_markers = [PhysTile::default(); 5];
            for (o, p) in ura_markers.iter_mut().zip(ura) {
                *o = pai_of(p).context("`ura_markers`")?;
            }
            Event::Hora {
                actor: seat(v, "actor")?,
                target: seat(v, "target")?,
                pai: match v.get("pai") {
                    Some(_) => pai(v, "pai")?,
                    None => last.ok_or_else(|| anyhow!("a hora without `pai` must follow a tile"))?,
                },
                deltas: optional_numbers(v, "deltas")?,
                ura_markers,
                ura_count: ura.len() as u8,
                score: hora_score(v)?,
            }
        }
        "ryukyoku" => Event::Ryukyoku { deltas: optional_numbers(v, "deltas")? },
        "end_kyoku" => Event::EndKyoku,
        "end_game" => Event::EndGame { scores: optional_numbers(v, "scores")? },
        other => bail!("unknown event type `{other}`"),
    };
    Ok(Some(e))
}

/// What `sim mahjong replay` found over its files.
#[derive(Debug, Default)]
pub struct ReplayTotals {
    /// Files read.
    pub files: usize,
    /// Games replayed.
    pub games: usize,
    /// Hands dealt.
    pub hands: usize,
    /// Wins compared.
    pub wins: usize,
    /// Illegal events (one stops its game).
    pub illegal: usize,
    /// Results that differ.
    pub mismatches: usize,
    /// Files that could not be read.
    pub unreadable: usize,
}

/// Replays each file under `game`, writing one line per finding (file:line)
/// and per unreadable file to `out`; returns the totals.
pub fn replay_files(game: &RiichiTable, files: &[&Path], out: &mut String) -> ReplayTotals {
    let mut t = ReplayTotals::default();
    for path in files {
        t.files += 1;
        let read = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read {}", path.display()))
            .and_then(|text| read_record(&text));
        let (events, lines) = match read {
            Ok(r) => r,
            Err(e) => {
                t.unreadable += 1;
                let _ = writeln!(out, "{}: {e:#}", path.display());
                continue;
            }
        };
        let report: ReplayReport = replay(game, &events);
        (t.games, t.hands, t.wins) = (t.games + report.games, t.hands + report.hands, t.wins + report.wins);
        for f in &report.findings {
            let word = match f.kind {
                FindingKind::Illegal => {
                    t.illegal += 1;
                    "illegal"
                }
                FindingKind::Mismatch => {
                    t.mismatches += 1;
                    "differs"
                }
            };
            let line = lines.get(f.event).copied().unwrap_or(0);
            let _ = writeln!(out, "{}:{line}: {word}: {}", path.display(), f.message);
        }
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mortal_style_fields_are_read() {
        let text = "{\"type\":\"none\"}\n\
            {\"type\":\"start_game\",\"names\":[\"a\",\"b\",\"c\",\"d\"],\"seed\":[1,2]}\n\n\
            {\"type\":\"tsumo\",\"actor\":2,\"pai\":\"5sr\"}\n\
            {\"type\":\"hora\",\"actor\":2,\"target\":2}\n\
            {\"type\":\"ryukyoku\"}\n\
            {\"type\":\"end_game\",\"scores\":[1,2,3,4]}\n";
        let (events, lines) = read_record(text).unwrap();
        assert_eq!(lines, [2, 4, 5, 6, 7]);
        let red = parse_pai("5sr").unwrap();
        assert_eq!(events[1], Event::Tsumo { actor: 2, pai: red });
        assert!(matches!(events[2], Event::Hora { pai, deltas: None, score: None, ura_count: 0, .. } if pai == red));
        assert_eq!(events[3], Event::Ryukyoku { deltas: None });
        assert_eq!(events[4], Event::EndGame { scores: Some([1, 2, 3, 4]) });
    }

    #[test]
    fn bad_lines_are_named() {
        let cases = [
            ("{\"type\":\"tsumo\",\"actor\":4,\"pai\":\"1m\"}", "line 1: `actor` must be a seat 0–3"),
            ("\n{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"0m\"}", "line 2: `pai`: unknown tile `0m`"),
            ("{\"type\":\"kita\",\"actor\":0}", "line 1: unknown event type `kita`"),
            ("{\"type\":\"hora\",\"actor\":0,\"target\":1}", "line 1: a hora without `pai` must follow a tile"),
            (
                "{\"type\":\"pon\",\"actor\":0,\"target\":1,\"pai\":\"C\",\"consumed\":[\"C\"]}",
                "2 tiles expected, got 1",
            ),
            ("{\"type\":", "line 1: not JSON"),
        ];
        for (text, message) in cases {
            let e = format!("{:#}", read_record(text).unwrap_err());
            assert!(e.contains(message), "{text}: {e}");
        }
    }
}
