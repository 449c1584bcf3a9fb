//! No silent or mixed results (issue 30, item 5), against the built `sim`: a state whose
//! checksum was stripped is still checked against its own counts; a run killed between
//! two of its renames leaves, after the next run, all old or all new results; a planted
//! lock link is refused; a report shows charts only with the state they were drawn from
//! and leaves nothing behind on a full disk; a full disk is named as such; and bad names
//! and options are one-line errors.

mod common;
#[path = "common/faults.rs"]
mod faults;

use common::{csv, scratch, sim};
use faults::{Tmpfs, bin, copy, err, euid, hidden, merge, ok, one_line_error, read, snapshot};
use std::path::{Path, PathBuf};
use std::process::Command;

fn drift(out: &Path, seed: &str, games: &str, extra: &[&str]) -> std::process::Output {
    let args = ["drift", "--games", games, "--seed", seed, "--quiet", "--out", out.to_str().unwrap()];
    sim(&[&args[..], extra].concat(), "")
}

/// `state.json` in `dir` without its `format` and `checksum` (read as format 1), edited by `edit`.
fn strip_and_edit(dir: &Path, edit: impl Fn(&mut serde_json::Value)) {
    let path = dir.join("state.json");
    let mut v: serde_json::Value = serde_json::from_str(&read(&path)).unwrap();
    let o = v.as_object_mut().unwrap();
    o.remove("format");
    o.remove("checksum");
    edit(&mut v);
    std::fs::write(&path, serde_json::to_string(&v).unwrap()).unwrap();
}

#[test]
fn a_state_stripped_of_format_and_checksum_is_still_checked_against_its_own_counts() {
    let root = scratch("int-format-one");
    ok(&drift(&root, "3", "300", &[]));
    let state = root.join("notebooks-data/drift");
    // Format 1, its coverage as played: still read.
    let plain = root.join("plain");
    copy(&state, &plain);
    strip_and_edit(&plain, |_| {});
    ok(&merge(&[&plain], &root.join("m-plain"), &[]));
    assert_eq!(csv(&root.join("m-plain"), "drift", "entrants"), csv(&root, "drift", "entrants"));
    // Twice the games it played: refused by merge and by report, naming the field.
    let doubled = root.join("doubled");
    copy(&state, &doubled);
    strip_and_edit(&doubled, |v| v["coverage"]["games"] = serde_json::json!(600));
    let e = one_line_error(&merge(&[&doubled], &root.join("m-doubled"), &[]));
    assert!(e.contains("field coverage") && e.contains("600") && e.contains("300"), "{e}");
    assert!(!root.join("m-doubled/notebooks-data").exists());
    let d = doubled.to_str().unwrap();
    let e = one_line_error(&sim(&["report", "--from", d, "--out", root.join("page").to_str().unwrap()], ""));
    assert!(e.contains("field coverage"), "{e}");
}

/// Files by their path in a folder, with their bytes.
type Files = Vec<(PathBuf, Vec<u8>)>;

/// The tables and the charts of the drift study under `out` (not its state and summary,
/// which record the run's wall time).
fn drift_results(out: &Path) -> (Files, Files) {
    let seeded = |dir: &str| {
        let files = snapshot(&out.join(dir));
        let kept = |p: &PathBuf| {
            p.extension().is_some_and(|x| ["csv", "parquet", "png", "svg"].contains(&x.to_str().unwrap()))
        };
        files.into_iter().filter(|(p, _)| kept(p)).collect::<Files>()
    };
    (seeded("notebooks-data/drift"), seeded("reports/drift"))
}

#[test]
fn a_run_killed_between_its_renames_is_rolled_back_whole_by_the_next_run() {
    if Command::new("strace").arg("-V").output().map_or(true, |o| !o.status.success()) {
        eprintln!("skipped: strace (apt-get install strace) kills a run between two renames; it is not installed");
        return;
    }
    let root = scratch("int-killed-switch");
    let (seven, nine) = (root.join("seven"), root.join("nine"));
    ok(&drift(&seven, "7", "300", &[]));
    ok(&drift(&nine, "9", "300", &[]));
    let (seven, nine) = (drift_results(&seven), drift_results(&nine));
    // A replacing run renames four folders: both old ones aside, then both new ones in.
    for when in 1..=4 {
        let out = root.join(format!("killed-at-{when}"));
        ok(&drift(&out, "7", "300", &[]));
        let args = ["drift", "--games", "300", "--seed", "9", "--quiet", "--out", out.to_str().unwrap()];
        let inject = format!("inject=rename:signal=KILL:when={when}");
        let killed = Command::new("strace").args(["-f", "-o", "/dev/null", "-e", &inject, bin()]).args(args).output();
        assert!(!killed.unwrap().status.success(), "rename {when}: the run was not killed");
        // The next run in this --out, of another study, recovers first.
        ok(&drift(&out, "1", "50", &["--study", "other"]));
        let now = drift_results(&out);
        assert!(now == seven || now == nine, "rename {when}: the tables and the charts are of different runs");
        for dir in [out.clone(), out.join("notebooks-data"), out.join("reports")] {
            assert_eq!(hidden(&dir), Vec::<String>::new(), "rename {when}: {}", dir.display());
        }
    }
}

/// Runs `sim drift` into `out` as `nobody` (through a copy of the binary nobody may enter).
fn drift_as_nobody(out: &Path) -> std::process::Output {
    let exe_dir = scratch("int-lock-bin");
    let exe = exe_dir.join("sim");
    if std::fs::hard_link(bin(), &exe).is_err() {
        std::fs::copy(bin(), &exe).unwrap();
    }
    let out = out.to_str().unwrap();
    let args = ["drift", "--games", "50", "--quiet", "--out", out];
    Command::new("runuser").args(["-u", "nobody", "--"]).arg(&exe).args(args).output().unwrap()
}

#[test]
fn a_lock_that_is_a_link_is_refused_as_root_and_as_nobody() {
    use std::os::unix::fs::PermissionsExt;
    let root = scratch("int-lock-link");
    let precious = root.join("precious.txt");
    let users: &[&str] = match euid() {
        0 if Command::new("runuser").args(["-u", "nobody", "--", "true"]).status().is_ok_and(|s| s.success()) => {
            &["root", "nobody"]
        }
        0 => {
            eprintln!("skipped as nobody: `runuser -u nobody` is unavailable");
            &["root"]
        }
        _ => {
            eprintln!("skipped as nobody: only root may run as another user");
            &["this user"]
        }
    };
    for user in users {
        for link in ["symbolic", "hard"] {
            let out = root.join(format!("out-{}-{link}", user.replace(' ', "-")));
            std::fs::create_dir_all(&out).unwrap();
            std::fs::set_permissions(&out, std::fs::Permissions::from_mode(0o777)).unwrap();
            std::fs::write(&precious, "keep me\n").unwrap();
            std::fs::set_permissions(&precious, std::fs::Permissions::from_mode(0o666)).unwrap();
            let lock = out.join(".sim-lock");
            match link {
                "symbolic" => std::os::unix::fs::symlink(&precious, &lock).unwrap(),
                _ if *user == "nobody" => continue, // the kernel lets nobody link only its own files
                _ => std::fs::hard_link(&precious, &lock).unwrap(),
            }
            let o = if *user == "nobody" { drift_as_nobody(&out) } else { drift(&out, "1", "50", &[]) };
            let e = one_line_error(&o);
            assert!(e.contains(".sim-lock") && e.contains("not a plain file"), "{user}, {link} link: {e}");
            assert_eq!(read(&precious), "keep me\n", "{user}, {link} link: the link's target was written");
            assert!(!out.join("notebooks-data/drift").exists(), "{user}, {link} link");
        }
    }
}

/// The page `report --from dir` writes under `out`.
fn page_from(dir: &Path, out: &Path) -> String {
    ok(&sim(&["report", "--from", dir.to_str().unwrap(), "--out", out.to_str().unwrap()], ""));
    read(out.join("reports/index.html"))
}

#[test]
fn a_report_shows_charts_only_beside_the_state_they_were_drawn_from() {
    let root = scratch("int-report-charts");
    let (runs, other) = (root.join("runs"), root.join("other"));
    ok(&drift(&runs, "1", "300", &[]));
    let page = page_from(&runs.join("notebooks-data/drift"), &root.join("page-drift"));
    assert!(page.contains("<figure>"), "a study's own charts are shown");
    // A Rack-up state copied over the drift state, beside the drift charts.
    ok(&sim(&["rackup", "--games", "20", "--quiet", "--out", other.to_str().unwrap()], ""));
    copy(&other.join("notebooks-data/rackup"), &runs.join("notebooks-data/drift"));
    let page = page_from(&runs.join("notebooks-data/drift"), &root.join("page-mixed"));
    assert!(page.contains("Rack-up") || page.contains("rackup"), "the Rack-up section is shown");
    assert!(!page.contains("<figure>"), "drift charts under a Rack-up heading");
    assert!(page.contains("charts not shown"), "the page says why there are no charts");
}

#[test]
fn a_report_on_a_full_disk_fails_in_one_line_and_leaves_no_partial_page() {
    let Some(disk) = Tmpfs::mount("int-full-report", "4m") else { return };
    let runs = scratch("int-full-report-runs");
    ok(&sim(&["medarot", "--games", "200", "--quiet", "--out", runs.to_str().unwrap()], ""));
    let out = disk.0.join("out");
    std::fs::create_dir_all(out.join("reports")).unwrap();
    disk.fill(4096);
    let from = runs.join("notebooks-data/medarot");
    let o = sim(&["report", "--from", from.to_str().unwrap(), "--out", out.to_str().unwrap()], "");
    let e = one_line_error(&o);
    assert!(e.contains("No space left on device"), "{e}");
    assert_eq!(hidden(&out.join("reports")), Vec::<String>::new());
    assert!(!out.join("reports/index.html").exists());
}

#[test]
fn a_full_disk_is_named_with_the_file_whatever_table_it_cuts() {
    let Some(disk) = Tmpfs::mount("int-full-tables", "8m") else { return };
    let out = disk.0.join("out");
    ok(&drift(&out, "1", "3000", &[]));
    let filler = disk.0.join("filler");
    // Each amount left cuts another file: a Parquet table's body or its footer, a CSV.
    for leave in [4 * 1024, 16 * 1024, 40 * 1024] {
        let _ = std::fs::remove_file(&filler);
        disk.fill(leave);
        let e = one_line_error(&drift(&out, "2", "3000", &[]));
        assert!(e.contains("No space left on device") && e.contains(out.to_str().unwrap()), "{leave}: {e}");
        assert!(!e.contains("thrift"), "{leave}: {e}");
    }
}

#[test]
fn bad_names_options_and_task_numbers_are_one_line_errors() {
    let root = scratch("int-bad-input");
    let out = root.to_str().unwrap();
    // A NUL byte in a driver's name never reaches a CSV.
    let lineup = root.join("lineup.toml");
    let driver = |name: &str| format!("[[driver]]\nname = \"{name}\"\nrank = 1\nspeed = 1\nhorsepower = 1\n");
    std::fs::write(&lineup, format!("{}{}", driver("A\\u0000B"), driver("C"))).unwrap();
    let path = lineup.to_str().unwrap();
    let e = one_line_error(&sim(&["drift", "--mode", "lineup", "--lineup", path, "--games", "50", "--out", out], ""));
    assert!(e.contains(path) && e.contains("line 2") && e.contains("control character"), "{e}");
    // --driver picks the base driver of other modes: in lineup mode it is an error, not ignored.
    let e =
        one_line_error(&sim(&["drift", "--mode", "lineup", "--driver", "Kanako", "--games", "50", "--out", out], ""));
    assert!(e.contains("--driver") && e.contains("lineup mode"), "{e}");
    assert!(!root.join("notebooks-data").exists());
    // A scheduler's largest task number is out of range, not task 0.
    let max = u64::MAX.to_string();
    let o = Command::new(bin())
        .args(["drift", "--games", "50", "--shard", "auto/5", "--out", out])
        .env("JOB_COMPLETION_INDEX", &max)
        .output()
        .unwrap();
    let e = err(&o);
    assert!(e.contains("task 18446744073709551615 of 5 is out of range"), "{e}");
}
