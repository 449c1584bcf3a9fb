//! What a new user tries first (issue 30), against the built `sim`: tiny or degenerate runs
//! end (no hand won, fewer games than a study has arms), settings, sweep and state files
//! that never end are refused by name, a full stdout or stderr is an error rather than a
//! panic, and the help says what the tool does.

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

#[path = "common/scratch.rs"]
mod scratch;
use scratch::scratch;

/// Runs `sim args` with stdout and stderr captured, or to the files given; fails if it
/// has not ended within two minutes (a hang is a failure, not a stuck test).
fn bounded(args: &[&str], stdout: Stdio, stderr: Stdio) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sim"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(stderr)
        .spawn()
        .unwrap();
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(120) {
            child.kill().unwrap();
            child.wait().unwrap();
            panic!("`sim {}` did not end within two minutes", args.join(" "));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

fn run(args: &[&str]) -> Output {
    bounded(args, Stdio::piped(), Stdio::piped())
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn succeeded(o: &Output) -> String {
    assert!(o.status.success(), "{}", stderr(o));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// The one-line error of a failed run (exit status 1, no panic).
fn one_line_error(o: &Output) -> String {
    let e = stderr(o);
    assert_eq!(o.status.code(), Some(1), "{e}");
    assert!(!e.contains("panicked") && e.trim_end().lines().count() == 1, "{e}");
    e
}

#[test]
fn a_table_run_in_which_no_hand_is_won_ends_with_an_empty_yaku_chart() {
    let root = scratch("first-no-win");
    let out = root.to_str().unwrap();
    succeeded(&run(&["mahjong", "play", "--games", "2", "--bots", "random", "--quiet", "--out", out]));
    let wins = std::fs::read_to_string(root.join("notebooks-data/mahjong/summary.csv")).unwrap();
    assert!(wins.lines().nth(1).unwrap().split(',').nth(2) == Some("0"), "no win in two random games: {wins}");
    let svg = std::fs::read_to_string(root.join("reports/mahjong/yaku_frequency.svg")).unwrap();
    assert!(svg.contains("no data"), "{svg}");
}

#[test]
fn play_mode_runs_and_shards_of_fewer_games_than_arms_end() {
    let root = scratch("first-play");
    let out = root.to_str().unwrap();
    let text = succeeded(&run(&["drift", "--mode", "play", "--games", "44", "--quiet", "--out", out]));
    assert!(text.contains("rank correlation"), "{text}");
    let shard = ["drift", "--mode", "play", "--games", "1000", "--shard", "30/30", "--quiet", "--force", "--out", out];
    succeeded(&run(&shard));
}

#[test]
fn settings_sweep_and_state_files_that_never_end_are_refused_by_name() {
    let root = scratch("first-endless");
    let out = root.to_str().unwrap();
    for args in [
        vec!["drift", "--rules", "/dev/zero", "--games", "10", "--out", out],
        vec!["mahjong", "play", "--rules", "/dev/zero", "--games", "10", "--out", out],
        vec!["sweep", "/dev/zero", "--out", out],
    ] {
        let e = one_line_error(&run(&args));
        assert!(e.contains("/dev/zero: larger than 16 MiB"), "{args:?}: {e}");
    }
    // A results folder whose state.json is 2 GiB (sparse: no disk used), refused unread.
    let shard = root.join("shard");
    std::fs::create_dir_all(&shard).unwrap();
    std::fs::File::create(shard.join("state.json")).unwrap().set_len(2 << 30).unwrap();
    let e = one_line_error(&run(&["merge", shard.to_str().unwrap(), "--out", out]));
    assert!(e.contains("state.json: larger than 1024 MiB"), "{e}");
    assert!(!root.join("notebooks-data").exists(), "nothing written");
}

/// `/dev/full`, opened for writing: every write fails with "No space left on device".
fn full() -> Stdio {
    Stdio::from(std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap())
}

#[test]
fn a_full_stdout_or_stderr_is_an_error_not_a_panic() {
    if !Path::new("/dev/full").exists() {
        eprintln!("skipped: no /dev/full here");
        return;
    }
    let root = scratch("first-full");
    let out = root.to_str().unwrap();
    let args = ["drift", "--games", "3000", "--quiet", "--out", out];
    let o = bounded(&args, full(), Stdio::piped());
    let e = one_line_error(&o);
    assert!(e.starts_with("error: cannot write to stdout: No space left on device"), "{e}");
    // A note on a full stderr: the run's results are written, the exit status says the rest.
    let o = bounded(&[&args[..], &["--threads", "65535"]].concat(), Stdio::piped(), full());
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    assert!(String::from_utf8_lossy(&o.stdout).contains("drift study"), "{o:?}");
    // Help on a full stdout.
    let o = bounded(&["--help"], full(), Stdio::piped());
    assert!(one_line_error(&o).contains("cannot write to stdout"));
}

#[test]
fn help_names_every_game_and_the_real_defaults() {
    let top = succeeded(&run(&["--help"]));
    assert!(top.contains("Gotō") && top.contains("chips"), "{top}");
    let mahjong = succeeded(&run(&["mahjong", "--help"]));
    assert!(mahjong.contains("chips") && mahjong.contains("Gotō"), "{mahjong}");
    let chips = succeeded(&run(&["mahjong", "chips", "--help"]));
    assert!(chips.contains("(default: goto-chips)") && !chips.contains("10,000 hanchan"), "{chips}");
    assert!(chips.contains("--session-games <N>"), "{chips}");
    let play = succeeded(&run(&["mahjong", "play", "--help"]));
    assert!(play.contains("--session-games <N>"), "{play}");
    // The old name still works, unlisted.
    assert!(!chips.contains("--session <"), "{chips}");
    let e = one_line_error(&run(&["mahjong", "chips", "--session", "7", "--games", "20"]));
    assert!(e.contains("not a whole number of sessions of --session-games 7"), "{e}");
}

#[test]
fn a_tenhou_log_given_to_replay_is_named_as_not_an_mjai_record() {
    let root = scratch("first-tenhou");
    let log = root.join("tenhou.json");
    std::fs::write(&log, "{\"title\":[\"\",\"\"],\"name\":[\"a\",\"b\",\"c\",\"d\"],\"rule\":{},\"log\":[]}\n")
        .unwrap();
    let o = run(&["mahjong", "replay", log.to_str().unwrap()]);
    assert!(!o.status.success());
    let e = stderr(&o);
    assert!(e.contains("a Tenhou JSON log (tenhou.net/6), not an mjai record"), "{e}");
    assert!(!e.contains("missing field"), "{e}");
}
