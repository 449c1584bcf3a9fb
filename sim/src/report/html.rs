//! The report page as HTML: one self-contained file, styled inline, no script. Charts
//! inside the page's folder are linked by relative path; any other chart is inlined as a
//! `data:` URI, so the page never fetches anything from the network.

use super::Section;
use super::manifest::Manifest;
use super::text;
use anyhow::{Context, Result};
use base64::Engine as _;
use std::fmt::Write as _;
use std::path::Path;

/// The page's style sheet.
const STYLE: &str = "body{font-family:sans-serif;max-width:1000px;margin:2em auto;padding:0 1em;color:#222}\
h2{border-top:2px solid #ccc;padding-top:1em}table{border-collapse:collapse;margin:.5em 0;font-size:.9em}\
td,th{border:1px solid #ccc;padding:.2em .5em;text-align:left}td.n{text-align:right;font-variant-numeric:tabular-nums}\
pre{background:#f6f6f6;padding:.5em;overflow-x:auto;font-size:.8em}figure{margin:1em 0}\
img{max-width:100%;border:1px solid #eee}.read{background:#eef4fb;padding:.3em 1em;border-left:4px solid #58c}\
code{background:#f0f0f0;padding:0 .2em}";

/// The most estimates a section shows unfolded; a longer table starts folded.
const OPEN_ROWS: usize = 40;

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

/// A number as the tables show it: four significant digits (whole numbers from 1000 on).
fn number(v: f64) -> String {
    let a = v.abs();
    if a == 0.0 || !a.is_finite() {
        return format!("{v}");
    }
    let decimals = (3 - a.log10().floor() as i32).clamp(0, 12) as usize;
    format!("{v:.decimals$}")
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

/// One study's section.
fn section(s: &mut String, sec: &Section, page_dir: &Path) -> Result<()> {
    let _ = writeln!(
        s,
        "<h2 id=\"{id}\">{title}: <code>{id}</code></h2>",
        id = escape(&sec.name),
        title = escape(text::title(&sec.kind))
    );
    s.push_str("<div class=\"read\"><p><b>How to read this.</b></p>");
    for p in text::how_to_read(&sec.kind) {
        let _ = write!(s, "<p>{}</p>", escape(p));
    }
    s.push_str("</div>\n");
    let _ = writeln!(s, "<p>Results folder <code>{}</code>; {}.</p>", escape(&sec.folder), escape(&sec.coverage));
    if !sec.estimates.is_empty() {
        let open = if sec.estimates.len() <= OPEN_ROWS { " open" } else { "" };
        let _ = write!(
            s,
            "<details{open}><summary>Headline estimates with their 95% intervals ({} rows)</summary>",
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
    let _ = writeln!(s, "<details><summary>The printed summary</summary><pre>{}</pre></details>", escape(&sec.summary));
    Ok(())
}

/// The manifest: the run's rows, then per study its coverage, threads, wall time and files.
fn manifest(s: &mut String, sections: &[Section], m: &Manifest) {
    s.push_str("<h2 id=\"manifest\">Reproducibility manifest</h2>\n");
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
    s.push_str("</table>\n");
}

/// The whole page for `sections`, its charts found from `page_dir` (the page's folder).
pub fn page(sections: &[Section], m: &Manifest, page_dir: &Path) -> Result<String> {
    let mut s = String::from("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">");
    let _ = writeln!(s, "<title>tabletop-sim report</title><style>{STYLE}</style></head><body>");
    s.push_str("<h1>tabletop-sim report</h1>\n<p>Monte Carlo studies of Japanese tabletop games: every rate and ");
    s.push_str("mean with its 95% interval, every chart of each study, and at the end the manifest to rerun ");
    let _ = writeln!(s, "them (<code>{}</code>).</p>\n<ul>", escape(&m.command));
    for sec in sections {
        let _ = write!(
            s,
            "<li><a href=\"#{id}\">{}: {id}</a></li>",
            escape(text::title(&sec.kind)),
            id = escape(&sec.name)
        );
    }
    s.push_str("<li><a href=\"#manifest\">Reproducibility manifest</a></li></ul>\n");
    for sec in sections {
        section(&mut s, sec, page_dir)?;
    }
    manifest(&mut s, sections, m);
    s.push_str("</body></html>\n");
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
    fn numbers_keep_four_significant_digits() {
        assert_eq!(number(0.500132), "0.5001");
        assert_eq!(number(107.8023), "107.8");
        assert_eq!(number(5143.64), "5144");
        assert_eq!(number(-0.000091), "-0.00009100");
        assert_eq!(number(0.0), "0");
    }

    #[test]
    fn charts_inside_the_page_folder_are_relative_others_inlined() {
        let dir = std::env::temp_dir().join(format!("sim-html-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("reports/drift")).unwrap();
        let inside = dir.join("reports/drift/win_rate.png");
        std::fs::write(&inside, [1u8, 2, 3]).unwrap();
        assert_eq!(image_source(&inside, &dir.join("reports")).unwrap(), "drift/win_rate.png");
        assert_eq!(image_source(&inside, &dir.join("elsewhere")).unwrap(), "data:image/png;base64,AQID");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
