//! `sim tune`: for every game, a strategy detuned in one parameter is tuned back to one
//! that beats it on unseen deals, with an interval above 0, and the search, the tuned
//! strategy and the confirmation are the same at 1 and 2 threads; the example tune files
//! read; `sim deviations` finds the detuned parameter's way back.

use sim::tune::file::TuneFile;
use sim::tune::{Tuned, tune, tunes};
use std::path::Path;

/// A strategy preset with `key = value` put in its place.
fn detuned(preset: &str, presets: &engine::config::Presets, key: &str, value: &str) -> String {
    let mut doc: toml::Table = toml::from_str(presets.text(preset).unwrap()).unwrap();
    doc.insert(key.to_string(), toml::from_str::<toml::Table>(&format!("v = {value}")).unwrap()["v"].clone());
    toml::to_string(&doc).unwrap()
}

/// Tunes `text` (its strategy `detuned.toml` written to a scratch folder) at 1 and 2
/// threads; checks the two runs agree and the tuned strategy beats the start.
fn recovers(name: &str, text: &str, strategy: &str, key: &str) -> Tuned {
    let dir = std::env::temp_dir().join(format!("sim-tune-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("detuned.toml"), strategy).unwrap();
    let file = TuneFile::parse(name, text, &dir).unwrap();
    let one = tune(&file, 1).unwrap();
    let two = tune(&file, 2).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(one.found.trace, two.found.trace, "{name}: the search depends on the threads");
    assert_eq!(one.found.points, two.found.points);
    assert_eq!(one.found.tuned, two.found.tuned);
    assert_eq!(one.confirmed, two.confirmed);
    assert!(one.found.changes.iter().any(|m| m.parameter == key), "{name}: {:?}", one.found.changes);
    let (gain, ci) = one.confirmed;
    assert!(ci.low > 0.0, "{name}: the tuned strategy does not beat the start: {gain} [{}, {}]", ci.low, ci.high);
    one
}

#[test]
fn rackup_tuned_back_from_a_far_counter_threshold() {
    let strategy = detuned("heuristic", &engine::rackup::StrategyConfig::PRESETS, "counter_threshold", "0.9");
    let text = "game = \"rackup\"\nstrategy = \"detuned.toml\"\nbudget = 30000\ndeals = 500\nconfirm = 3000\n\
                [parameters]\ncounter_threshold = [0.05, 0.1, 0.9]\n";
    recovers("rackup", text, &strategy, "counter_threshold");
}

#[test]
fn drift_tuned_back_from_a_far_phantom_card() {
    let strategy = detuned("heuristic", &engine::drift::strategy::StrategyConfig::PRESETS, "phantom_card", "13");
    let text = "game = \"drift\"\nstrategy = \"detuned.toml\"\nbudget = 30000\ndeals = 500\nconfirm = 3000\n\
                [parameters]\nphantom_card = [5, 11, 13]\n";
    recovers("drift", text, &strategy, "phantom_card");
}

#[test]
fn medarot_tuned_back_from_keeping_no_cards() {
    let mut doc: toml::Table =
        toml::from_str(engine::medarot::StrategyConfig::PRESETS.text("heuristic").unwrap()).unwrap();
    doc["draw"].as_table_mut().unwrap().insert("keep_max".into(), toml::Value::Integer(0));
    let text = "game = \"medarot\"\nstrategy = \"detuned.toml\"\nobjective = \"win_rate\"\nbudget = 3000\ndeals = 300\n\
                confirm = 1000\n[parameters]\ndraw.keep_max = [0, 8]\n";
    recovers("medarot", text, &toml::to_string(&doc).unwrap(), "draw.keep_max");
}

#[test]
fn mahjong_tuned_back_from_random_discards() {
    let bots = sim::games::mahjong::table_rules::BOT_FILES;
    let strategy = detuned("efficiency", &bots, "style", "\"random\"");
    let text = "game = \"mahjong\"\nstrategy = \"detuned.toml\"\nopponents = [\"efficiency\"]\nbudget = 200\n\
                deals = 8\nconfirm = 20\n[parameters]\nstyle = [\"random\", \"efficiency\"]\n";
    let tuned = recovers("mahjong", text, &strategy, "style");
    assert!(tuned.found.tuned.text.contains("style = \"efficiency\""));
}

#[test]
fn the_example_tune_files_read_and_bad_ones_are_named() {
    for (name, _) in tunes().list {
        let file = sim::tune::open(name).unwrap_or_else(|e| panic!("{name}: {e:#}"));
        assert!(!file.parameters.is_empty());
    }
    let bad = |text: &str| TuneFile::parse("t.toml", text, Path::new("")).unwrap_err().to_string();
    let head = "game = \"rackup\"\nstrategy = \"heuristic\"\nbudget = 10\n";
    let e = bad(&format!("{head}[parameters]\nriichi_treshold = [0.1]\n"));
    assert!(e.starts_with("tune file t.toml: line 4") && e.contains("riichi_treshold"), "{e}");
    let e = bad(&format!("{head}lineup = \"example\"\n[parameters]\nsnipe = [true]\n"));
    assert!(e.contains("a rackup tune takes no `lineup`"), "{e}");
    let e = bad("game = \"chess\"\nstrategy = \"x\"\nbudget = 1\n[parameters]\n");
    assert!(e.contains("line 1, column 8") && e.contains("unknown game `chess`"), "{e}");
    let e = bad(&format!("{head}objective = \"score\"\n[parameters]\nsnipe = [true, false]\n"));
    assert!(e.contains("unknown objective `score`"), "{e}");
    let e = bad(&format!("{head}opponents = [\"nobody\"]\n[parameters]\nsnipe = [true, false]\n"));
    assert!(e.contains("nobody"), "{e}");
    // Chips are an objective only at a table with chip rules (the Gotō tables).
    let chips = "game = \"mahjong\"\nstrategy = \"goto-stakes\"\nobjective = \"chips\"\nbudget = 10\n\
                 [parameters]\nstakes = [true, false]\n";
    let e = bad(chips);
    assert!(
        e.contains("unknown objective `chips` (this game's metrics: average_rank, first_place, points, score)"),
        "{e}"
    );
    TuneFile::parse("t.toml", &chips.replace("budget", "rules = \"goto-cutbi\"\nbudget"), Path::new("")).unwrap();
}
