//! `sim report --from`: the page of studies already run, read from their saved state
//! without playing anything (charts linked inside the page's folder, inlined outside it,
//! every rules file hashed), and a folder that is no study refused with one line and
//! nothing written; the page's shape (contents, answers before charts, glossary), studies
//! of the same name kept apart, the manifest's commit and each study's threads and wall
//! time.

mod common;

use common::{csv, scratch, sim};
use engine::drift::strategy::StrategyConfig;
use sim::report::manifest::COMMIT;
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

/// The page's sections (`<section id=…>` to `</section>`), by anchor.
fn sections(page: &str) -> Vec<(String, String)> {
    let parts = page.split("<section id=\"").skip(1);
    let each = parts.map(|p| {
        let (id, rest) = p.split_once('"').unwrap();
        (id.to_string(), rest.split("</section>").next().unwrap().to_string())
    });
    each.collect()
}

#[test]
fn each_section_has_a_contents_entry_and_answers_before_its_first_chart_and_a_glossary_explains_the_jargon() {
    let dir = scratch("report-shape");
    studies(&dir);
    let (drift, rackup) = (dir.join("notebooks-data/drift"), dir.join("notebooks-data/rackup"));
    ok(&["report", "--from", drift.to_str().unwrap(), rackup.to_str().unwrap(), "--out", dir.to_str().unwrap()]);
    let page = std::fs::read_to_string(dir.join("reports/index.html")).unwrap();
    let contents = page.split("<nav id=\"contents\">").nth(1).unwrap().split("</nav>").next().unwrap();
    let found = sections(&page);
    let ids: Vec<&str> = found.iter().map(|(id, _)| id.as_str()).collect();
    assert_eq!(ids, ["drift", "rackup", "glossary", "manifest"]);
    for (id, body) in &found {
        assert!(contents.contains(&format!("<a href=\"#{id}\">")), "no contents entry for {id}");
        let Some(image) = body.find("<img ") else { continue };
        let answer = body.find("<p class=\"answer\">").unwrap_or_else(|| panic!("{id} has no answer"));
        assert!(answer < image, "{id}: the answer comes after a chart");
    }
    let (_, rackup_body) = &found[1];
    assert!(rackup_body.contains("player A wins") && rackup_body.contains("points per match"), "{rackup_body}");
    let glossary = &found[2].1;
    for term in ["<dt>arm</dt>", "<dt>Holm&#39;s correction</dt>", "<dt>person-game</dt>", "<dt>paired</dt>"] {
        assert!(glossary.contains(term), "{term} not in the glossary");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn two_studies_of_the_same_name_get_their_own_sections() {
    let dir = scratch("report-same-name");
    let (a, b) = (dir.join("a"), dir.join("b"));
    ok(&["drift", "--games", "200", "--out", a.to_str().unwrap(), "--quiet"]);
    ok(&["drift", "--games", "200", "--seed", "9", "--out", b.to_str().unwrap(), "--quiet"]);
    let (da, db) = (a.join("notebooks-data/drift"), b.join("notebooks-data/drift"));
    ok(&["report", "--from", da.to_str().unwrap(), db.to_str().unwrap(), "--out", dir.to_str().unwrap()]);
    let page = std::fs::read_to_string(dir.join("reports/index.html")).unwrap();
    let found = sections(&page);
    let ids: Vec<&str> = found.iter().map(|(id, _)| id.as_str()).collect();
    assert_eq!(ids, ["drift", "drift-2", "glossary", "manifest"]);
    assert!(found[0].1.contains("200 games, seed 7") && found[1].1.contains("200 games, seed 9"));
    // Each is named by its folder, in its heading and in the contents.
    for (section, folder) in [(&found[0].1, &da), (&found[1].1, &db)] {
        let named = format!("<code>{}</code></h2>", folder.display());
        assert!(section.contains(&named), "{named}");
        assert!(page.contains(&format!("<code>{}</code></li>", folder.display())));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Runs `git args` in `dir`, which must succeed; its stdout.
fn git(dir: &Path, args: &[&str]) -> String {
    let o = std::process::Command::new("git").arg("-C").arg(dir).args(args).output().expect("git runs");
    assert!(o.status.success(), "git {args:?}: {}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout).unwrap().trim().to_string()
}

#[test]
fn the_manifest_names_the_commit_sim_was_built_from_not_the_out_folders_repository() {
    let dir = scratch("report-commit");
    studies(&dir);
    let other = dir.join("other-repo");
    std::fs::create_dir_all(&other).unwrap();
    git(&other, &["init", "-q"]);
    std::fs::write(other.join("notes.txt"), "a results repository").unwrap();
    git(&other, &["add", "notes.txt"]);
    git(&other, &["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "notes"]);
    let theirs = git(&other, &["rev-parse", "HEAD"]);
    let drift = dir.join("notebooks-data/drift");
    ok(&["report", "--from", drift.to_str().unwrap(), "--out", other.to_str().unwrap()]);
    let page = std::fs::read_to_string(other.join("reports/index.html")).unwrap();
    assert!(page.contains(&format!("<th>git commit of sim</th><td>{COMMIT}</td>")), "{COMMIT}");
    assert!(!page.contains(&theirs), "the page names the --out folder's repository");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_saved_studys_threads_and_wall_time_reach_the_page() {
    let dir = scratch("report-ran");
    let out = dir.to_str().unwrap();
    ok(&["rackup", "--games", "30", "--threads", "1", "--out", out, "--quiet"]);
    let state = std::fs::read_to_string(dir.join("notebooks-data/rackup/state.json")).unwrap();
    assert!(state.contains("\"ran\":{\"threads\":1,\"seconds\":"), "state.json records the run");
    ok(&["report", "--from", dir.join("notebooks-data/rackup").to_str().unwrap(), "--out", out]);
    let page = std::fs::read_to_string(dir.join("reports/index.html")).unwrap();
    let manifest = sections(&page).pop().unwrap().1;
    let row = manifest.split("<tr><td>rackup</td>").nth(1).unwrap().split("</tr>").next().unwrap();
    let cells: Vec<&str> = row.split("<td class=n>").skip(1).map(|c| c.split("</td>").next().unwrap()).collect();
    assert_eq!(cells.len(), 4, "{row}");
    assert_eq!(cells[2], "1", "threads: {row}");
    assert!(
        cells[3].ends_with(" s") && cells[3].trim_end_matches(" s").parse::<f64>().unwrap() > 0.0,
        "wall time: {row}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
