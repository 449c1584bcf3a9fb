//! Faults a careless or hostile user meets (issue 18), against the built `sim`: results
//! replaced whole or not at all (a read-only subfolder, as a non-root user; a bad
//! `--log-dir`; an empty shard; two runs at once; killed and interrupted runs), merges
//! that refuse damaged or inconsistent states, and no panic or hang on a closed pipe,
//! a huge `--threads`, an endless line or an invalid byte.

mod common;
#[path = "common/faults.rs"]
mod faults;

use common::{csv, scratch, sim};
use faults::{Tmpfs, bin, copy, err, euid, hidden, merge, ok, one_line_error, read, snapshot};
use std::io::Write;
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

fn drift(out: &Path, seed: &str, extra: &[&str]) -> Output {
    let args = ["drift", "--games", "3000", "--seed", seed, "--quiet", "--out", out.to_str().unwrap()];
    sim(&[&args[..], extra].concat(), "")
}

/// Waits for `child` at most a minute (a hang is a failure, not a stuck test).
fn wait(mut child: Child) -> Output {
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(60) {
            child.kill().unwrap();
            panic!("sim did not finish within a minute");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

#[test]
fn a_read_only_subfolder_never_leaves_old_and_new_results_mixed() {
    let root = scratch("rel-readonly");
    let nobody = euid() == 0;
    if nobody && Command::new("runuser").args(["-u", "nobody", "--", "true"]).status().map_or(true, |s| !s.success()) {
        eprintln!("skipped: root ignores permissions and `runuser -u nobody` is unavailable");
        return;
    }
    // As a user whom permissions bind: nobody when the tests run as root, through a link
    // to the binary outside a target folder nobody may not enter (CI's is under /root).
    let exe_dir = scratch("rel-readonly-bin");
    let exe = exe_dir.join("sim");
    if nobody && std::fs::hard_link(bin(), &exe).is_err() {
        std::fs::copy(bin(), &exe).unwrap();
    }
    let as_user = |args: &[&str]| {
        let mut c = if nobody { Command::new("runuser") } else { Command::new(bin()) };
        if nobody {
            c.args(["-u", "nobody", "--"]).arg(&exe);
        }
        c.args(args).output().unwrap()
    };
    let out = root.to_str().unwrap();
    let run = |seed: &str| as_user(&["drift", "--games", "3000", "--seed", seed, "--quiet", "--out", out]);
    let chown = |p: &Path| {
        if nobody {
            assert!(Command::new("chown").args(["-R", "nobody"]).arg(p).status().unwrap().success());
        }
    };
    chown(&root);
    ok(&run("1"));
    let (data, reports) = (root.join("notebooks-data/drift"), root.join("reports/drift"));
    let chmod = |p: &Path, mode: &str| assert!(Command::new("chmod").arg(mode).arg(p).status().unwrap().success());
    // A read-only subfolder in the tables' folder, then a read-only charts folder.
    std::fs::create_dir_all(data.join("keep")).unwrap();
    std::fs::write(data.join("keep/mine.txt"), "a user's file").unwrap();
    std::fs::write(reports.join("mine.txt"), "old charts").unwrap();
    chown(&root);
    chmod(&data.join("keep"), "555");
    chmod(&reports, "555");
    let o = run("2");
    let tables_new = data.join("state.json").is_file() && read(data.join("state.json")).contains("\"seed\":2,");
    let charts_new = reports.is_dir() && !reports.join("mine.txt").exists();
    assert!(tables_new && charts_new, "a mix or a loss: tables new {tables_new}, charts new {charts_new}: {o:?}");
    assert_eq!(std::fs::read_dir(&data).unwrap().count(), 12, "ten tables, state.json and summary.txt");
    assert!(Command::new("chmod").args(["-R", "u+w"]).arg(&root).status().unwrap().success());
    let _ = std::fs::remove_dir_all(&root);
    let _ = std::fs::remove_dir_all(&exe_dir);
}

#[test]
fn an_empty_shard_is_refused_and_earlier_results_stay() {
    let root = scratch("rel-empty-shard");
    ok(&drift(&root, "1", &[]));
    let before = read(root.join("notebooks-data/drift/summary.csv"));
    let o = sim(&["drift", "--games", "1", "--shard", "1/2", "--quiet", "--out", root.to_str().unwrap()], "");
    assert!(err(&o).contains("holds no games"), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(read(root.join("notebooks-data/drift/summary.csv")), before);
}

/// Starts a long drift run into `out` and waits until it has staged its folders (it then
/// holds the lock).
fn long_run(out: &Path) -> Child {
    let child = Command::new(bin())
        .args(["drift", "--games", "100000000", "--quiet", "--out", out.to_str().unwrap()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while hidden(&out.join("reports")).is_empty() {
        assert!(start.elapsed() < Duration::from_secs(60), "no staging folder appeared");
        std::thread::sleep(Duration::from_millis(20));
    }
    child
}

#[test]
fn a_live_runs_lock_is_named_and_a_killed_runs_lock_and_leftovers_are_cleared() {
    let root = scratch("rel-lock");
    let mut first = long_run(&root);
    let e = err(&drift(&root, "1", &[]));
    assert!(e.contains(&format!("another run is writing here (pid {})", first.id())), "{e}");
    assert!(!root.join("notebooks-data/drift").exists());
    first.kill().unwrap();
    first.wait().unwrap();
    // The killed run left its lock file and staging folders; more leftovers with its pid.
    let pid = first.id();
    assert!(root.join(".sim-lock").exists() && !hidden(&root.join("reports")).is_empty());
    for left in [format!("notebooks-data/.other.partial-{pid}"), format!("reports/.other.partial-{pid}")] {
        std::fs::create_dir_all(root.join(&left)).unwrap();
        std::fs::write(root.join(left).join("t.csv"), "half written").unwrap();
    }
    std::fs::create_dir_all(root.join(format!("reports/.drift.old-{pid}"))).unwrap();
    ok(&drift(&root, "1", &[]));
    assert_eq!(hidden(&root.join("notebooks-data")), Vec::<String>::new());
    assert_eq!(hidden(&root.join("reports")), Vec::<String>::new());
    assert!(!root.join(".sim-lock").exists(), "the lock is released");
}

#[test]
fn a_lock_file_naming_a_live_process_that_holds_no_lock_does_not_block() {
    // A killed run's pid now used by another process (here a sleeper): the lock is free.
    let root = scratch("rel-lock-reused");
    let mut sleeper = Command::new("sleep").arg("30").spawn().unwrap();
    std::fs::write(root.join(".sim-lock"), format!("{}\n", sleeper.id())).unwrap();
    let o = drift(&root, "1", &[]);
    sleeper.kill().unwrap();
    sleeper.wait().unwrap();
    ok(&o);
    assert!(!root.join(".sim-lock").exists());
}

/// Set in the children of the lock race: the folder to lock.
const RACE: &str = "SIM_TEST_LOCK_RACE";

#[test]
fn of_many_runs_taking_over_one_stale_lock_at_once_exactly_one_holds_it() {
    if let Ok(dir) = std::env::var(RACE) {
        // A child: wait for the start, try the lock, say how it went, hold it until told.
        let mut stdin = std::io::stdin().lock();
        let mut go = [0u8];
        std::io::Read::read_exact(&mut stdin, &mut go).unwrap();
        let lock = sim::commit::Lock::acquire(Path::new(&dir));
        match &lock {
            Ok(_) => println!("lock: held"),
            Err(e) => println!("lock: refused: {e}"),
        }
        std::io::stdout().flush().unwrap();
        std::io::Read::read_to_end(&mut stdin, &mut Vec::new()).unwrap();
        return;
    }
    let root = scratch("rel-lock-race");
    // Pid 0x7fff_fff0 is above the kernel's pid limit: a stale lock of a run long gone.
    for round in 0..8 {
        std::fs::write(root.join(".sim-lock"), format!("{}\n", 0x7fff_fff0u32)).unwrap();
        let mut children: Vec<Child> = (0..12)
            .map(|_| {
                Command::new(std::env::current_exe().unwrap())
                    .args(["--exact", "of_many_runs_taking_over_one_stale_lock_at_once_exactly_one_holds_it"])
                    .args(["--nocapture", "--test-threads", "1"])
                    .env(RACE, &root)
                    .stdin(Stdio::piped())
                    .stdout(Stdio::piped())
                    .spawn()
                    .unwrap()
            })
            .collect();
        for c in &mut children {
            c.stdin.as_mut().unwrap().write_all(b"g").unwrap();
        }
        let said: Vec<String> = children
            .iter_mut()
            .map(|c| {
                let out = std::io::BufReader::new(c.stdout.as_mut().unwrap());
                // The harness writes the test's name on the same line first.
                let mut lines = std::io::BufRead::lines(out).map_while(Result::ok);
                let said = lines.find_map(|l| l.find("lock: ").map(|at| l[at..].to_string()));
                said.expect("a child answers")
            })
            .collect();
        for c in &mut children {
            drop(c.stdin.take());
        }
        for c in children {
            wait(c);
        }
        let held = said.iter().filter(|l| *l == "lock: held").count();
        assert_eq!(held, 1, "round {round}: {said:#?}");
        assert!(said.iter().all(|l| l == "lock: held" || l.contains("another run is writing here")), "{said:#?}");
        assert!(!root.join(".sim-lock").exists(), "round {round}: the lock is released");
    }
}

#[test]
fn sigterm_sigint_and_sighup_remove_the_runs_staging_and_keep_earlier_results() {
    for (signal, number) in [("TERM", libc::SIGTERM), ("INT", libc::SIGINT), ("HUP", libc::SIGHUP)] {
        let root = scratch(&format!("rel-signal-{signal}"));
        ok(&drift(&root, "1", &[]));
        let before = snapshot(&root);
        let child = long_run(&root);
        let kill = Command::new("kill").arg(format!("-{signal}")).arg(child.id().to_string()).status().unwrap();
        assert!(kill.success());
        let o = wait(child);
        assert_eq!(o.status.code(), Some(128 + number), "{signal}: {o:?}");
        assert_eq!(hidden(&root.join("notebooks-data")), Vec::<String>::new(), "{signal}");
        assert_eq!(hidden(&root.join("reports")), Vec::<String>::new(), "{signal}");
        assert_eq!(hidden(&root), Vec::<String>::new(), "{signal}: the lock is removed");
        assert!(snapshot(&root) == before, "{signal}: the earlier results are changed");
    }
}

fn mahjong(out: &Path, seed: &str, extra: &[&str]) -> Output {
    let args = ["mahjong", "play", "--games", "3", "--seed", seed, "--quiet", "--out", out.to_str().unwrap()];
    sim(&[&args[..], extra].concat(), "")
}

#[test]
fn game_logs_are_committed_with_the_study_and_a_bad_log_dir_fails_first() {
    let root = scratch("rel-logs");
    let logs = root.join("logs");
    let dir = logs.to_str().unwrap();
    ok(&mahjong(&root, "4", &["--log-games", "3", "--log-dir", dir]));
    let state = read(root.join("notebooks-data/mahjong/state.json"));
    // A rerun with fewer logs replaces the folder: no old record stays beside the new ones.
    ok(&mahjong(&root, "5", &["--log-games", "1", "--log-dir", dir]));
    let mut names: Vec<String> =
        std::fs::read_dir(&logs).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    assert_eq!(names, ["game-0.jsonl"]);
    let state5 = read(root.join("notebooks-data/mahjong/state.json"));
    assert_ne!(state, state5);
    // A file in the way, a folder of other files: refused before anything is written.
    std::fs::write(root.join("in-the-way"), "x").unwrap();
    std::fs::create_dir_all(root.join("papers")).unwrap();
    std::fs::write(root.join("papers/thesis.tex"), "mine").unwrap();
    for bad in ["in-the-way", "papers"] {
        let bad = root.join(bad);
        let e = err(&mahjong(&root, "6", &["--log-games", "1", "--log-dir", bad.to_str().unwrap()]));
        assert!(e.contains(bad.to_str().unwrap()) && e.lines().count() == 1, "{e}");
        assert_eq!(read(root.join("notebooks-data/mahjong/state.json")), state5);
    }
    assert_eq!(read(root.join("papers/thesis.tex")), "mine");
    assert!(hidden(&root).is_empty() && hidden(&root.join("notebooks-data")).is_empty());
}

#[test]
fn a_closed_pipe_ends_sim_quietly() {
    let root = scratch("rel-pipe");
    let mut child = Command::new(bin())
        .args(["drift", "--games", "3000", "--quiet", "--out", root.to_str().unwrap()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let o = wait(child);
    assert!(!String::from_utf8_lossy(&o.stderr).contains("panicked"), "{o:?}");
    use std::os::unix::process::ExitStatusExt;
    assert_eq!(o.status.signal(), Some(libc::SIGPIPE), "ended as other tools are: {o:?}");
    // The hand tools too, after their first line.
    let mut child = Command::new(bin())
        .args(["mahjong", "shanten"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let _ = child.stdin.take().unwrap().write_all("123m456p789s1122z\n".repeat(10_000).as_bytes());
    let o = wait(child);
    assert!(!String::from_utf8_lossy(&o.stderr).contains("panicked"), "{o:?}");
    assert_eq!(o.status.signal(), Some(libc::SIGPIPE), "{o:?}");
}

#[test]
fn far_more_threads_than_cores_are_lowered_with_a_note() {
    let root = scratch("rel-threads");
    let o = drift(&root, "1", &["--threads", "65535"]);
    ok(&o);
    assert!(String::from_utf8_lossy(&o.stderr).contains("--threads 65535 lowered to"), "{o:?}");
}

#[test]
fn an_endless_line_is_a_clear_error_not_a_hang() {
    let child = Command::new(bin())
        .args(["mahjong", "replay", "/dev/zero"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let o = wait(child);
    assert!(!o.status.success());
    let text = String::from_utf8_lossy(&o.stderr);
    assert!(text.contains("/dev/zero:1: line 1 is longer than 1 MiB"), "{text}");
    assert!(text.contains("1 unreadable file(s)"), "{text}");
}

#[test]
fn an_invalid_byte_answers_its_line_with_an_error_and_the_rest_as_usual() {
    let run = |tool: &str, input: &[u8]| {
        let mut child = Command::new(bin())
            .args(["mahjong", tool])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(input).unwrap();
        wait(child)
    };
    let o = run("shanten", b"123m456p789s1122z\n12\xff3m\n123m456p789s11223z\n");
    let out = String::from_utf8_lossy(&o.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(lines[1].contains("line 2 is not UTF-8 text") && lines[1].contains("\"hand\":null"), "{out}");
    assert!(!lines[0].contains("error") && !lines[2].contains("error"), "{out}");
    // A blank line (skipped), a lone lead byte, then a line answered with its id.
    let o = run("score", b"\n\xc3\n{\"id\":7}\n");
    let out = String::from_utf8_lossy(&o.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines.len() == 2 && lines[0].contains("line 2 is not UTF-8 text"), "{out}");
    assert!(lines[1].contains("\"id\":7"), "{out}");
}

/// Rewrites the state.json in `dir` through `edit` and signs it again, as a careful forger
/// would (so the checks behind the checksum are what is tested).
fn forge(dir: &Path, edit: impl Fn(&mut serde_json::Value)) {
    let path = dir.join("state.json");
    let mut saved: sim::saved::Saved<serde_json::Value, serde_json::Value> =
        serde_json::from_str(&read(&path)).unwrap();
    let mut whole = serde_json::to_value(&saved).unwrap();
    edit(&mut whole);
    saved = serde_json::from_value(whole).unwrap();
    std::fs::write(&path, sim::saved::to_text(&saved).unwrap()).unwrap();
}

#[test]
fn merge_refuses_damaged_or_inconsistent_states_and_names_the_field() {
    let root = scratch("rel-merge");
    let out = root.to_str().unwrap();
    for (k, study) in [(1, "s1"), (2, "s2")] {
        let shard = format!("{k}/2");
        let args = ["medarot", "--games", "300", "--quiet", "--shard", &shard, "--out", out, "--study", study];
        ok(&sim(&args, ""));
    }
    let (s1, s2) = (root.join("notebooks-data/s1"), root.join("notebooks-data/s2"));
    let merged = root.join("merged");
    ok(&merge(&[&s1, &s2], &merged, &[]));
    let case = |name: &str, edit: &dyn Fn(&mut serde_json::Value), want: &str| {
        let bad = root.join(format!("bad-{name}"));
        copy(&s1, &bad);
        forge(&bad, edit);
        let e = err(&merge(&[&s2, &bad], &root.join(format!("m-{name}")), &[]));
        assert!(e.contains(bad.to_str().unwrap()) && e.contains(want), "{name}: {e}");
        assert!(!root.join(format!("m-{name}/notebooks-data")).join("medarot").exists());
    };
    case("twice", &|v| v["coverage"]["shards"] = serde_json::json!([1, 1]), "coverage.shards: shard 1 appears twice");
    case("range", &|v| v["coverage"]["shards"] = serde_json::json!([3]), "shard 3 is not within 1..=2");
    case("count", &|v| v["coverage"]["shard_count"] = serde_json::json!(0), "coverage.shard_count: 0");
    case("cells", &|v| drop(v["acc"]["cells"].as_array_mut().unwrap().pop()), "field acc.cells has");
    case("min", &|v| v["acc"]["turns_hist"]["min"] = serde_json::json!(5), "field acc.turns_hist.min is 5");
    case("rate", &|v| v["acc"]["cells"][0] = serde_json::json!({"half_successes": 9, "trials": 1}), "acc.cells[0]");
    case("type", &|v| v["acc"]["cells"][0]["trials"] = serde_json::json!(-1), "field acc.cells[0].trials");
    case("params", &|v| v["params"]["ablation_games"] = serde_json::json!(1), "params.ablation_games differs");
    // (A count that is not the games played: those are checked against the coverage first.)
    let wrap = |v: &mut serde_json::Value| v["acc"]["losses"][0] = serde_json::json!(u64::MAX - 5);
    let (w1, w2) = (root.join("w1"), root.join("w2"));
    copy(&s1, &w1);
    copy(&s2, &w2);
    forge(&w1, wrap);
    forge(&w2, wrap);
    let e = err(&merge(&[&w1, &w2], &root.join("m-wrap"), &[]));
    assert!(e.contains("acc.losses[0]") && e.contains("out of range"), "{e}");
    // An edit without the forger's care: the checksum names it.
    let edited = root.join("edited");
    copy(&s1, &edited);
    let text = read(edited.join("state.json")).replacen("\"trials\":", "\"trials\": ", 1);
    std::fs::write(edited.join("state.json"), text).unwrap();
    let e = err(&merge(&[&edited, &s2], &root.join("m-edited"), &[]));
    assert!(e.contains("field checksum: does not match"), "{e}");
    // A missing shard: refused, or merged with --partial and labelled so.
    let e = err(&merge(&[&s1], &root.join("m-half"), &[]));
    assert!(e.contains("shard(s) 2 of 2 are missing") && e.contains("--partial"), "{e}");
    let s = ok(&merge(&[&s1], &root.join("m-half"), &["--partial"]));
    assert!(s.starts_with("PARTIAL MERGE"), "{s}");
    let state = read(root.join("m-half/notebooks-data/medarot/state.json"));
    assert!(state.contains("\"partial\":true") && state.starts_with("{\"format\":2,"), "{state}");
    ok(&merge(&[&root.join("m-half/notebooks-data/medarot"), &s2], &root.join("m-full"), &[]));
    assert_eq!(csv(&root.join("m-full"), "medarot", "decks"), csv(&merged, "medarot", "decks"));
}

#[test]
fn a_full_disk_fails_the_run_in_one_line_and_leaves_earlier_results_whole() {
    let Some(disk) = Tmpfs::mount("rel-full-disk", "8m") else { return };
    let out = disk.0.join("out");
    ok(&drift(&out, "1", &[]));
    let before = snapshot(&out);
    disk.fill(64 * 1024);
    let e = one_line_error(&drift(&out, "2", &[]));
    assert_eq!(e.matches("No space left on device").count(), 1, "the cause once: {e}");
    assert!(snapshot(&out) == before, "the earlier results are changed");
    for dir in [out.clone(), out.join("notebooks-data"), out.join("reports")] {
        assert_eq!(hidden(&dir), Vec::<String>::new(), "{}", dir.display());
    }
}

#[test]
fn a_full_disk_under_the_log_dir_leaves_no_record_cut_mid_line() {
    let Some(disk) = Tmpfs::mount("rel-full-logs", "4m") else { return };
    let root = scratch("rel-full-logs-out");
    let logs = disk.0.join("logs");
    let dir = logs.to_str().unwrap();
    ok(&mahjong(&root, "4", &["--log-games", "3", "--log-dir", dir]));
    let (study, records) = (snapshot(&root), snapshot(&logs));
    disk.fill(16 * 1024);
    let e = one_line_error(&mahjong(&root, "5", &["--log-games", "3", "--log-dir", dir]));
    assert!(e.contains("No space left on device"), "{e}");
    assert!(snapshot(&root) == study, "the study's results are changed");
    assert!(snapshot(&logs) == records, "the earlier records are changed");
    for (name, bytes) in &records {
        let text = String::from_utf8(bytes.clone()).unwrap();
        assert!(text.ends_with('\n'), "{}", name.display());
        for line in text.lines() {
            serde_json::from_str::<serde_json::Value>(line).unwrap_or_else(|e| panic!("{}: {e}", name.display()));
        }
    }
    assert_eq!(hidden(&disk.0), Vec::<String>::new());
    assert_eq!(hidden(&root), Vec::<String>::new());
}
