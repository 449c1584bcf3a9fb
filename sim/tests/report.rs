//! `sim report --from`: the page of studies already run, read from their saved state
//! without playing anything (charts linked inside the page's folder, inlined outside it,
//! every rules file hashed), and a folder that is no study refused with one line and
//! nothing written.

mod common;

use common::{csv, scratch, sim};
use engine::drift::strategy::StrategyConfig;
use sim::report::rules::sha256_hex;
use std::path::Path;

/// Runs `sim args`, which must succeed; its stdout.
fn ok(args: &[&str]) -> String {
    let o = sim(args, "");
    assert!(o.status.success(), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout).unwrap()
}

/// A small drift and rackup study under `root`.
fn studies(root: &Path) {
    let out = root.to_str().unwrap();
    ok(&["drift", "--games", "300", "--out", out, "--quiet"]);
    ok(&["rackup", "--games", "40", "--seed", "3", "--out", out, "--quiet"]);
}

#[test]
fn the_page_of_saved_studies_links_every_chart_and_hashes_every_rules_file() {
    let dir = scratch("report-from");
    studies(&dir);
    let (drift, rackup) = (dir.join("notebooks-data/drift"), dir.join("notebooks-data/rackup"));
    let before = csv(&dir, "rackup", "arms");
    let said =
        ok(&["report", "--from", drift.to_str().unwrap(), rackup.to_str().unwrap(), "--out", dir.to_str().unwrap()]);
    assert!(said.starts_with("wrote ") && said.contains("(2 studies"), "{said}");
    assert_eq!(csv(&dir, "rackup", "arms"), before, "the report reads the study, it does not rewrite it");
    let page = std::fs::read_to_string(dir.join("reports/index.html")).unwrap();
    let charts: Vec<_> = std::fs::read_dir(dir.join("reports/rackup")).unwrap().map(|e| e.unwrap().path()).collect();
    let pngs: Vec<_> = charts.iter().filter(|p| p.extension().is_some_and(|x| x == "png")).collect();
    assert!(!pngs.is_empty());
    for png in pngs {
        let name = png.file_name().unwrap().to_str().unwrap();
        assert!(page.contains(&format!("<img src=\"rackup/{name}\"")), "{name} not linked");
    }
    assert!(!page.contains("data:image"), "charts in the page's folder are linked, not inlined");
    // Each chart's caption is its title, not its file name.
    let caption = "Rack-up: share of winning rounds with each yaku (baseline, 95% Wilson)";
    assert!(page.contains(&format!("<figcaption>{caption}</figcaption>")), "the yaku chart's caption");
    assert!(!page.contains("<figcaption>yaku_frequency</figcaption>"));
    assert!(!page.contains("<script") && !page.contains("http"), "no script, no network address");
    // The built-in heuristic both sides played, hashed from its embedded text.
    let heuristic = StrategyConfig::PRESETS.text("heuristic").unwrap();
    assert!(page.contains(&sha256_hex(heuristic)));
    assert!(page.contains("300 games, seed 7") && page.contains("40 games, seed 3"));
    assert!(page.contains("95% low") && page.contains("How to read this"));
    assert!(page.contains("no studies run (built from saved results)"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn charts_outside_the_pages_folder_are_inlined() {
    let dir = scratch("report-inline");
    studies(&dir);
    let elsewhere = dir.join("elsewhere");
    ok(&[
        "report",
        "--from",
        dir.join("notebooks-data/rackup").to_str().unwrap(),
        "--out",
        elsewhere.to_str().unwrap(),
    ]);
    let page = std::fs::read_to_string(elsewhere.join("reports/index.html")).unwrap();
    let images = page.matches("<img ").count();
    assert!(images > 0);
    assert_eq!(page.matches("<img src=\"data:image/png;base64,").count(), images);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_folder_that_is_no_study_is_one_line_and_nothing_is_written() {
    let dir = scratch("report-bad");
    studies(&dir);
    let empty = dir.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    let out = dir.join("page");
    let drift = dir.join("notebooks-data/drift");
    let o = sim(
        &["report", "--from", drift.to_str().unwrap(), empty.to_str().unwrap(), "--out", out.to_str().unwrap()],
        "",
    );
    assert!(!o.status.success());
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(err.starts_with("error: ") && err.contains("empty") && err.trim_end().lines().count() == 1, "{err}");
    assert!(!out.exists(), "nothing written");
    std::fs::remove_dir_all(&dir).unwrap();
}
