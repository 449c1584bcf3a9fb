//! No silent acceptance: every shipped TOML file of every kind (rules, profiles, line-ups,
//! cards, decks, strategies, bots, tile sets, table settings), with an unknown key added to
//! any one of its tables, is rejected by its reader with a message naming the key.

use engine::medarot::{CardPool, Deck};
use std::path::Path;
use toml::{Table, Value};

/// The key no reader knows.
const STRAY: &str = "zz_stray";

/// Table settings whose table is a choice of one variant (an extra key is still rejected).
/// A data yaku's count (`triplet_run = 3` or `= { min = 3 }`) is such a choice too.
const ONE_OF: [&str; 5] = ["length", "wall", "extension", "triplet_run", "same_sequence"];

/// Reads `text` as the file kind shipped as `dir/file`; `None` for kinds read by `sim` (sweep
/// and tune files).
fn read(dir: &str, file: &str, text: &str) -> Option<Result<(), String>> {
    let e = |e: &dyn std::fmt::Display| e.to_string();
    let strategy = file.starts_with("strategy_");
    Some(match dir {
        _ if file.starts_with("sweep_") || file.starts_with("tune_") => return None,
        // A yaku file is not a rules file: a rules file's `include` reads it (as
        // `tests/mahjong_score/local_yaku.rs` does).
        "mahjong" if file == "local_yaku.toml" => return None,
        "drift" if strategy => engine::drift::strategy::StrategyConfig::from_toml(text).map(drop).map_err(|x| e(&x)),
        "drift" if file.starts_with("lineup_") => engine::drift::Lineup::from_toml(text).map(drop).map_err(|x| e(&x)),
        "drift" => engine::drift::DriftRules::from_toml(text).map(drop).map_err(|x| e(&x)),
        "rackup" if strategy => engine::rackup::strategy::StrategyConfig::from_toml(text).map(drop).map_err(|x| e(&x)),
        "rackup" => engine::rackup::Profile::from_toml(text).map(drop).map_err(|x| e(&x)),
        "medarot" if strategy => engine::medarot::StrategyConfig::from_toml(text).map(drop).map_err(|x| e(&x)),
        "medarot" if file == "cards.toml" => CardPool::from_toml(text).map(drop).map_err(|x| e(&x)),
        "medarot" if file == "decks.toml" => Deck::from_toml(&CardPool::example(), text).map(drop).map_err(|x| e(&x)),
        "medarot" => engine::medarot::Rules::from_toml(text, file).map(drop).map_err(|x| e(&x)),
        "mahjong" if file.starts_with("table_") => {
            engine::mahjong::table::TableSettings::from_toml(text).map(drop).map_err(|x| e(&x))
        }
        "mahjong" if file.starts_with("tileset_") => {
            engine::mahjong::TileSetSpec::from_toml(text).map(drop).map_err(|x| e(&x))
        }
        "mahjong" => engine::mahjong::Rules::from_toml(text).map(drop).map_err(|x| e(&x)),
        "bots" => engine::mahjong::table::BotConfig::from_toml(text).map(drop).map_err(|x| e(&x)),
        _ => panic!("unexpected preset folder {dir}"),
    })
}

/// The paths (keys and array indices) of every table in `value`, the root first.
fn tables(value: &Value, at: Vec<String>, out: &mut Vec<Vec<String>>) {
    match value {
        Value::Table(t) => {
            out.push(at.clone());
            for (k, v) in t {
                tables(v, [at.clone(), vec![k.clone()]].concat(), out);
            }
        }
        Value::Array(a) => {
            for (i, v) in a.iter().enumerate() {
                tables(v, [at.clone(), vec![i.to_string()]].concat(), out);
            }
        }
        _ => {}
    }
}

/// The table at `path` in `value`.
fn table_at<'a>(value: &'a mut Value, path: &[String]) -> &'a mut Table {
    let v = path.iter().fold(value, |v, step| match v {
        Value::Array(a) => &mut a[step.parse::<usize>().unwrap()],
        Value::Table(t) => t.get_mut(step).unwrap(),
        _ => unreachable!(),
    });
    v.as_table_mut().unwrap()
}

/// Every shipped file of the game folder `dir` (`engine/src/<dir>/presets`).
fn shipped(folder: &Path) -> Vec<(String, String)> {
    let mut files: Vec<_> = std::fs::read_dir(folder)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .map(|p| (p.file_name().unwrap().to_string_lossy().into_owned(), std::fs::read_to_string(&p).unwrap()))
        .collect();
    files.sort();
    files
}

#[test]
fn a_stray_key_in_any_table_of_any_shipped_file_is_rejected_by_name() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let folders = [
        ("drift", src.join("drift/presets")),
        ("rackup", src.join("rackup/presets")),
        ("medarot", src.join("medarot/presets")),
        ("mahjong", src.join("mahjong/presets")),
        ("bots", src.join("mahjong/table/strategy/presets")),
    ];
    let (mut checked, mut accepted) = (0, Vec::new());
    for (dir, folder) in folders {
        for (file, text) in shipped(&folder) {
            let Some(result) = read(dir, &file, &text) else { continue };
            assert_eq!(result, Ok(()), "{dir}/{file} as shipped");
            let root = Value::Table(text.parse::<Table>().unwrap());
            let mut paths = Vec::new();
            tables(&root, Vec::new(), &mut paths);
            for path in paths {
                let mut edited = root.clone();
                table_at(&mut edited, &path).insert(STRAY.into(), Value::Integer(1));
                let text = toml::to_string(&edited).unwrap();
                checked += 1;
                // A one-of choice written as a table (`wall = { draw_to_indicator = … }`) is
                // rejected by serde without the key's name: the message names the choice.
                let choice = path.last().is_some_and(|k| ONE_OF.contains(&k.as_str()));
                match read(dir, &file, &text).unwrap() {
                    Err(message) if message.contains(STRAY) || choice => {}
                    other => accepted.push(format!("{dir}/{file} at [{}]: {other:?}", path.join("."))),
                }
            }
        }
    }
    assert!(checked > 100, "{checked} tables checked");
    assert!(
        accepted.is_empty(),
        "{} of {checked} stray keys not rejected by name:\n{}",
        accepted.len(),
        accepted.join("\n")
    );
}
