//! mjai JSON Lines game records: the table's [`Event`]s written one JSON
//! object a line ([`write_record`], `--log-games`) and read back with their
//! line numbers ([`read_record`]), and `sim mahjong replay`: each file
//! replayed under a table preset with [`replay`], findings named by file
//! and line.
//!
//! What a record may leave out, and what is ignored, is the engine's
//! [`Event`] serde form (Mortal's records read); this reader adds only
//! that blank lines and `none` events are skipped.

use anyhow::Result;
use engine::mahjong::table::{Event, FindingKind, ReplayReport, RiichiTable, replay};
use serde::Serialize;
use std::fmt::Write as _;
use std::path::Path;

/// A `start_game` with the players' names, which the engine's event leaves out.
#[derive(Serialize)]
struct Named<'a> {
    #[serde(flatten)]
    event: &'a Event,
    names: &'a [String],
}

/// One event as one line of mjai JSON (without the newline).
pub fn event_line(e: &Event) -> String {
    serde_json::to_string(e).expect("events serialise")
}

/// Appends a game's events to `out`, one JSON line each; `start_game`
/// names the seats' players (one name per seat).
pub fn write_record(events: &[Event], names: &[String], out: &mut Vec<u8>) {
    for event in events {
        let written = match event {
            Event::StartGame => serde_json::to_writer(&mut *out, &Named { event, names }),
            e => serde_json::to_writer(&mut *out, e),
        };
        written.expect("events serialise");
        out.push(b'\n');
    }
}

/// A record line that does not read.
#[derive(Debug)]
pub struct BadLine {
    /// Line number, from 1.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

/// The events of a record, with the line number (from 1) of each.
pub fn read_record(text: &str) -> Result<(Vec<Event>, Vec<usize>), BadLine> {
    let mut events = Vec::new();
    let mut lines = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        match serde_json::from_str(line) {
            Ok(Event::None) => {}
            Ok(e) => {
                events.push(e);
                lines.push(i + 1);
            }
            Err(e) => {
                if let Some(log) = events.is_empty().then(|| foreign_log(text)).flatten() {
                    let message = format!(
                        "a {log}, not an mjai record (JSON Lines, one event with a `type` a line): convert it to mjai first"
                    );
                    return Err(BadLine { line: i + 1, message });
                }
                let message = e.to_string();
                // serde_json may end its message with the place within the line.
                let message = message.rsplit_once(" at line ").map_or(&message[..], |m| m.0).to_string();
                return Err(BadLine { line: i + 1, message });
            }
        }
    }
    Ok((events, lines))
}

/// What game log `text` is when it is one JSON object of another format: a Tenhou log
/// (tenhou.net/6 JSON: `log` with `title`, `name` or `rule`) or a 雀魂 (Mahjong Soul) one
/// (`head`, or `uuid`, at the top level).
fn foreign_log(text: &str) -> Option<&'static str> {
    let value: serde_json::Value = serde_json::from_str(text).ok()?;
    let top = value.as_object()?;
    if top.contains_key("log") && ["title", "name", "rule"].iter().any(|k| top.contains_key(*k)) {
        Some("Tenhou JSON log (tenhou.net/6)")
    } else if top.contains_key("head") || top.contains_key("uuid") {
        Some("雀魂 (Mahjong Soul) JSON log")
    } else {
        None
    }
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

/// Replays each file under `game`, writing one line per finding and per
/// unreadable file (`file:line: …`) to `out`; returns the totals. A file
/// without events (empty, or blank lines and `none`s only) is unreadable.
pub fn replay_files(game: &RiichiTable, files: &[&Path], out: &mut String) -> ReplayTotals {
    let mut t = ReplayTotals::default();
    for path in files {
        t.files += 1;
        let text = match crate::lines::read_record_file(path) {
            Ok(text) => text,
            Err(e) => {
                t.unreadable += 1;
                let _ = writeln!(out, "{e:#}");
                continue;
            }
        };
        let (events, lines) = match read_record(&text) {
            Ok(r) => r,
            Err(BadLine { line, message }) => {
                t.unreadable += 1;
                let _ = writeln!(out, "{}:{line}: {message}", path.display());
                continue;
            }
        };
        if events.is_empty() {
            t.unreadable += 1;
            let _ = writeln!(out, "{}: an empty record (no events)", path.display());
            continue;
        }
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
            let _ = write!(out, "{}:{line}: {word}: {}", path.display(), f.message);
            if let Some(e) = &f.rules {
                let _ = write!(out, ": {}", event_line(e));
            }
            out.push('\n');
        }
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::mahjong::table::parse_pai;

    #[test]
    fn none_events_and_blank_lines_are_skipped_and_lines_kept() {
        let text = "{\"type\":\"none\"}\n\
            {\"type\":\"start_game\",\"names\":[\"a\",\"b\",\"c\",\"d\"],\"seed\":[1,2]}\n\n\
            {\"type\":\"tsumo\",\"actor\":2,\"pai\":\"5sr\"}\n\
            {\"type\":\"hora\",\"actor\":2,\"target\":2}\n\
            {\"type\":\"end_game\",\"scores\":[1,2,3,4]}\n";
        let (events, lines) = read_record(text).unwrap();
        assert_eq!(lines, [2, 4, 5, 6]);
        assert_eq!(events[1], Event::Tsumo { actor: 2, pai: parse_pai("5sr").unwrap() });
        assert_eq!(events[3], Event::EndGame { scores: Some([1, 2, 3, 4]) });
    }

    #[test]
    fn a_bad_line_is_named() {
        let text = "{\"type\":\"start_game\"}\n{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"?\"}\n";
        let bad = read_record(text).unwrap_err();
        assert_eq!(bad.line, 2, "{bad:?}");
        assert_eq!(bad.message, "hidden tile `?`: a replay needs a record that shows every tile");
        let bad = read_record("{\"type\":").unwrap_err();
        assert_eq!(bad.line, 1);
        assert!(bad.message.contains("EOF"), "{bad:?}");
    }

    #[test]
    fn a_tenhou_or_mahjong_soul_log_is_named_as_not_an_mjai_record() {
        let tenhou = "{\"title\":[\"\",\"\"],\"name\":[\"a\",\"b\",\"c\",\"d\"],\"rule\":{\"disp\":\"般南喰赤\"},\
            \"log\":[[[0,0,0],[25000,25000,25000,25000],[11],[],[11,12],[],[]]]}\n";
        let bad = read_record(tenhou).unwrap_err();
        assert_eq!(bad.line, 1);
        assert!(bad.message.starts_with("a Tenhou JSON log (tenhou.net/6), not an mjai record"), "{}", bad.message);
        // Pretty-printed over several lines, and a 雀魂 record's head.
        let soul = "{\n  \"head\": {\"uuid\": \"200101-x\", \"accounts\": []},\n  \"data\": \"\"\n}\n";
        let bad = read_record(soul).unwrap_err();
        assert!(bad.message.starts_with("a 雀魂 (Mahjong Soul) JSON log, not an mjai record"), "{}", bad.message);
        // Other JSON keeps serde's message.
        assert!(read_record("{\"log\":[]}\n").unwrap_err().message.contains("missing field `type`"));
    }

    #[test]
    fn an_empty_record_is_a_finding() {
        let dir = std::env::temp_dir().join(format!("sim-mjai-empty-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (empty, blank) = (dir.join("empty.jsonl"), dir.join("blank.jsonl"));
        std::fs::write(&empty, "").unwrap();
        std::fs::write(&blank, "\n{\"type\":\"none\"}\n").unwrap();
        let game = RiichiTable::preset("ron2-dojo").unwrap();
        let mut out = String::new();
        let t = replay_files(&game, &[&empty, &blank], &mut out);
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!((t.files, t.games, t.unreadable), (2, 0, 2), "{out}");
        assert_eq!(
            out,
            format!(
                "{}: an empty record (no events)\n{}: an empty record (no events)\n",
                empty.display(),
                blank.display()
            )
        );
    }

    #[test]
    fn start_game_names_the_players() {
        let names = ["a".to_string(), "b\"".into(), "c".into(), "d".into()];
        let mut out = Vec::new();
        write_record(&[Event::StartGame, Event::EndKyoku], &names, &mut out);
        let text = String::from_utf8(out).unwrap();
        assert_eq!(
            text,
            "{\"type\":\"start_game\",\"names\":[\"a\",\"b\\\"\",\"c\",\"d\"]}\n{\"type\":\"end_kyoku\"}\n"
        );
        assert_eq!(read_record(&text).unwrap().0, [Event::StartGame, Event::EndKyoku]);
    }
}
