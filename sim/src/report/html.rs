//! The report page as HTML: one self-contained file, styled inline, no script. A contents
//! list stays beside the page (above it on a narrow screen); each study's section opens
//! with its answer, then its charts, with the details folded under them; a glossary and
//! the manifest end the page. Charts inside the page's folder are linked by relative path;
//! any other chart is inlined as a `data:` URI, so the page never fetches anything from the
//! network.

use super::Section;
use super::answers::number;
use super::manifest::Manifest;
use super::text;
use anyhow::{Context, Result};
use base64::Engine as _;
use std::fmt::Write as _;
use std::path::Path;

/// The page's style sheet: contents in a sticky column beside the page, stacked above it on
/// a narrow screen.
const STYLE: &str = "body{font-family:sans-serif;margin:0;color:#222;display:grid;\
grid-template-columns:16em minmax(0,1fr)}main{max-width:1000px;padding:0 1.5em 2em}\
nav{position:sticky;top:0;align-self:start;max-height:100vh;overflow-y:auto;box-sizing:border-box;\
padding:1em;font-size:.85em;background:#f7f7f7;border-right:1px solid #ddd}nav ol{padding-left:1.4em}\
nav li{margin:.3em 0}@media (max-width:800px){body{display:block}nav{position:static;max-height:none;border:0}}\
h2{border-top:2px solid #ccc;padding-top:1em}table{border-collapse:collapse;margin:.5em 0;font-size:.9em}\
td,th{border:1px solid #ccc;padding:.2em .5em;text-align:left}td.n{text-align:right;font-variant-numeric:tabular-nums}\
pre{background:#f6f6f6;padding:.5em;overflow-x:auto;font-size:.8em}figure{margin:1em 0}\
img{max-width:100%;border:1px solid #eee}.answer{background:#eef4fb;padding:.6em 1em;border-left:4px solid #58c;\
font-size:1.05em;line-height:1.45}details{margin:.4em 0}summary{cursor:pointer;color:#246}\
dt{font-weight:bold;margin-top:.5em}dd{margin-left:1.5em}code{background:#f0f0f0;padding:0 .2em}";

/// The page's own anchors, which no study's section may take.
const PAGE_ANCHORS: [&str; 3] = ["contents", "glossary", "manifest"];

/// Escapes `s` for HTML text and attribute values.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Where `<img>` finds `chart`: its path relative to `page_dir` when it lies inside it, else
/// the PNG itself as a `data:` URI.
fn image_source(chart: &Path, page_dir: &Path) -> Result<String> {
    if let Ok(rel) = chart.strip_prefix(page_dir) {
        let parts: Vec<String> = rel.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
        return Ok(parts.join("/"));
    }
    let bytes = std::fs::read(chart).with_context(|| format!("cannot read {}", chart.display()))?;
    Ok(format!("data:image/png;base64,{}", base64::engine::general_purpose::STANDARD.encode(bytes)))
}

/// A table of (what, value) rows.
fn key_values(s: &mut String, rows: &[(&str, String)]) {
    s.push_str("<table>");
    for (k, v) in rows {
        let _ = write!(s, "<tr><th>{}</th><td>{}</td></tr>", escape(k), escape(v));
    }
    s.push_str("</table>\n");
}

/// Each section's anchor: its results folder's name, made distinct with `-2`, `-3`, … when
/// two studies share a name (or a study is named like one of the page's own anchors).
fn anchors(sections: &[Section]) -> Vec<String> {
    let mut taken: Vec<String> = PAGE_ANCHORS.iter().map(|a| a.to_string()).collect();
    for sec in sections {
        let id = (1..).map(|k| if k == 1 { sec.name.clone() } else { format!("{}-{k}", sec.name) });
        let id = id.into_iter().find(|id| !taken.contains(id)).unwrap_or_default();
        taken.push(id);
    }
    taken.split_off(PAGE_ANCHORS.len())
}

/// How a section names its study: the results folder's name, or the folder as given when
/// another section has the same name.
fn label(sec: &Section, sections: &[Section]) -> String {
    let shared = sections.iter().filter(|other| other.name == sec.name).count() > 1;
    if shared { sec.folder.clone() } else { sec.name.clone() }
}

/// One study's section, anchored at `id`: its answer, its charts, then the details folded.
fn section(s: &mut String, sec: &Section, id: &str, label: &str, page_dir: &Path) -> Result<()> {
    let _ = writeln!(
        s,
        "<section id=\"{}\"><h2>{}: <code>{}</code></h2>",
        escape(id),
        escape(sec.words.title),
        escape(label)
    );
    let answer = match sec.answer.is_empty() {
        true => "No answer could be put in words from this study's tables: see its summary below.".to_string(),
        false => sec.answer.join(" "),
    };
    let _ = writeln!(s, "<p class=\"answer\">{}</p>", escape(&answer));
    let _ = writeln!(s, "<p>Results folder <code>{}</code>; {}.</p>", escape(&sec.folder), escape(&sec.coverage));
    for chart in &sec.charts {
        let stem = chart.file_stem().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let name = crate::chart::saved_title(chart).unwrap_or(stem);
        let _ = writeln!(
            s,
            "<figure><img src=\"{}\" alt=\"{name}\"><figcaption>{name}</figcaption></figure>",
            escape(&image_source(chart, page_dir)?),
            name = escape(&name)
        );
    }
    s.push_str("<details><summary>How to read this</summary>");
    for p in sec.words.how_to_read {
        let _ = write!(s, "<p>{}</p>", escape(p));
    }
    s.push_str("</details>\n");
    if !sec.estimates.is_empty() {
        let _ = write!(
            s,
            "<details><summary>Headline estimates with their 95% intervals ({} rows)</summary>",
            sec.estimates.len()
        );
        s.push_str("<table><tr><th>metric</th><th>series</th>");
        s.push_str("<th>estimate</th><th>95% low</th><th>95% high</th></tr>");
        for e in &sec.estimates {
            let _ = write!(
                s,
                "<tr><td>{}</td><td>{}</td><td class=n>{}</td><td class=n>{}</td><td class=n>{}</td></tr>",
                escape(&e.metric),
                escape(&e.series),
                number(e.value),
                number(e.interval.low),
                number(e.interval.high)
            );
        }
        s.push_str("</table></details>\n");
    }
    let _ = writeln!(s, "<details><summary>The printed summary</summary><pre>{}</pre></details>", escape(&sec.summary));
    s.push_str("</section>\n");
    Ok(())
}

/// The glossary of the page's jargon.
fn glossary(s: &mut String) {
    s.push_str("<section id=\"glossary\"><h2>Glossary</h2><dl>");
    for (term, meaning) in text::glossary() {
        let _ = write!(s, "<dt>{}</dt><dd>{}</dd>", escape(term), escape(meaning));
    }
    s.push_str("</dl></section>\n");
}

/// The manifest: the run's rows, then per study its coverage, threads, wall time and files.
fn manifest(s: &mut String, sections: &[Section], m: &Manifest) {
    s.push_str("<section id=\"manifest\"><h2>Reproducibility manifest</h2>\n");
    key_values(s, &m.rows());
    s.push_str("<table><tr><th>study</th><th>kind</th><th>games</th><th>seed</th><th>covers</th>");
    s.push_str("<th>threads</th><th>wall time</th></tr>");
    for sec in sections {
        let (threads, wall) = match &sec.ran {
            Some(r) => (r.threads.to_string(), format!("{:.1} s", r.seconds)),
            None => ("not recorded".into(), "not recorded".into()),
        };
        let opt = |v: Option<u64>| v.map_or_else(|| "-".to_string(), |v| v.to_string());
        let _ = write!(
            s,
            "<tr><td>{}</td><td>{}</td><td class=n>{}</td><td class=n>{}</td><td>{}</td><td class=n>{}</td><td class=n>{}</td></tr>",
            escape(&sec.name),
            escape(&sec.kind),
            opt(sec.games),
            opt(sec.seed),
            escape(&sec.coverage),
            threads,
            wall
        );
    }
    s.push_str("</table>\n<p>Rules files (built-in presets: the SHA-256 of the embedded text):</p>\n");
    s.push_str("<table><tr><th>study</th><th>file</th><th>name</th><th>SHA-256</th></tr>");
    for sec in sections {
        for f in &sec.files {
            let _ = write!(
                s,
                "<tr><td>{}</td><td>{}</td><td>{}</td><td><code>{}</code></td></tr>",
                escape(&sec.name),
                escape(&f.role),
                escape(&f.name),
                f.sha256
            );
        }
    }
    s.push_str("</table></section>\n");
}

/// The whole page for `sections`, its charts found from `page_dir` (the page's folder).
pub fn page(sections: &[Section], m: &Manifest, page_dir: &Path) -> Result<String> {
    let ids = anchors(sections);
    let mut s = String::from("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">");
    let _ = writeln!(s, "<title>tabletop-sim report</title><style>{STYLE}</style></head><body>");
    s.push_str("<nav id=\"contents\"><b>Contents</b><ol>");
    for (sec, id) in sections.iter().zip(&ids) {
        let _ = write!(
            s,
            "<li><a href=\"#{}\">{}</a> <code>{}</code></li>",
            escape(id),
            escape(sec.words.title),
            escape(&label(sec, sections))
        );
    }
    s.push_str(
        "<li><a href=\"#glossary\">Glossary</a></li><li><a href=\"#manifest\">Reproducibility manifest</a></li>",
    );
    s.push_str("</ol></nav>\n<main><h1>tabletop-sim report</h1>\n<p>Monte Carlo studies of Japanese tabletop games. ");
    s.push_str(
        "Each section opens with its answer in a few sentences, then its charts; how to read it, every headline ",
    );
    s.push_str(
        "estimate with its 95% interval and the printed summary are folded below. Words such as arm, paired and ",
    );
    s.push_str("Holm are explained in the <a href=\"#glossary\">glossary</a>; the <a href=\"#manifest\">manifest</a> ");
    let _ = writeln!(s, "says how to rerun everything (<code>{}</code>).</p>", escape(&m.command));
    for (sec, id) in sections.iter().zip(&ids) {
        section(&mut s, sec, id, &label(sec, sections), page_dir)?;
    }
    glossary(&mut s);
    manifest(&mut s, sections, m);
    s.push_str("</main></body></html>\n");
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup() {
        assert_eq!(escape("a<b & \"c\" 'd'>"), "a&lt;b &amp; &quot;c&quot; &#39;d&#39;&gt;");
    }

    #[test]
    fn charts_inside_the_page_folder_are_relative_others_inlined() {
        let dir = std::env::temp_dir().join(format!("sim-html-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("reports/study")).unwrap();
        let inside = dir.join("reports/study/win_rate.png");
        std::fs::write(&inside, [1u8, 2, 3]).unwrap();
        assert_eq!(image_source(&inside, &dir.join("reports")).unwrap(), "study/win_rate.png");
        assert_eq!(image_source(&inside, &dir.join("elsewhere")).unwrap(), "data:image/png;base64,AQID");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
