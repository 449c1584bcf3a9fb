//! Charts drawn with plotters, each saved as PNG and SVG.
//!
//! Every chart is a value implementing [`Chart`], drawn once per backend by
//! [`save`]. Text uses the embedded DejaVu Sans font (registered by
//! [`register_fonts`]), so charts render the same on a machine with no system
//! fonts.
//!
//! Any run's data can be drawn in bounded time: a chart with nothing to draw (no bars, no
//! finite value: a run in which no hand was won) is drawn by [`save`] as its title over a
//! note, and an axis of many categories labels at most [`MAX_LABELS`] of them (a heatmap
//! prints its cells' values only up to [`MAX_LABELS`] rows and columns, and draws a matrix
//! of more than [`MAX_CELLS`] rows or columns in blocks).

use anyhow::{Context, Result, anyhow};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use plotters::style::{FontStyle, register_font};
use std::path::Path;
use std::sync::Once;

const FONT: &str = "sans-serif";
const SIZE: (u32, u32) = (1100, 850);

/// The most category labels drawn along one axis; a longer axis labels every k-th category.
pub const MAX_LABELS: usize = 60;

/// The most cells a heatmap draws along one axis: a larger matrix is drawn in blocks of
/// neighbouring cells, each coloured by the mean of its values.
pub const MAX_CELLS: usize = 300;

/// The note an empty chart shows.
pub const EMPTY_NOTE: &str = "no data: the run observed nothing to draw here";

/// Registers the embedded font under the family name the charts use.
pub fn register_fonts() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        for (style, bytes) in [
            (FontStyle::Normal, dejavu::sans::regular()),
            (FontStyle::Bold, dejavu::sans::bold()),
            (FontStyle::Italic, dejavu::sans::oblique()),
            (FontStyle::Oblique, dejavu::sans::oblique()),
        ] {
            if register_font(FONT, style, bytes).is_err() {
                unreachable!("the embedded DejaVu font is a valid TrueType font");
            }
        }
    });
}

/// A chart that can draw itself on any plotters backend.
pub trait Chart {
    /// Draws the whole chart on `root` (never called when [`Chart::is_empty`]).
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<()>
    where
        DB::ErrorType: 'static;

    /// The chart's title.
    fn title(&self) -> &str;

    /// Whether there is nothing to draw: no category, or no finite value.
    fn is_empty(&self) -> bool;
}

/// A chart with nothing to draw: its title over [`EMPTY_NOTE`].
struct Empty<'a> {
    title: &'a str,
}

impl Chart for Empty<'_> {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<()>
    where
        DB::ErrorType: 'static,
    {
        root.fill(&WHITE).map_err(err)?;
        let root = root.titled(self.title, (FONT, 24)).map_err(err)?;
        let (w, h) = root.dim_in_pixel();
        let style = (FONT, 22).into_font().color(&BLACK.mix(0.6)).pos(Pos::new(HPos::Center, VPos::Center));
        root.draw(&Text::new(EMPTY_NOTE, (w as i32 / 2, h as i32 / 2), style)).map_err(err)
    }

    fn title(&self) -> &str {
        self.title
    }

    fn is_empty(&self) -> bool {
        false
    }
}

/// Draws `chart` into `<stem>.png` and `<stem>.svg`; a chart with nothing to draw
/// ([`Chart::is_empty`]) as its title over a note.
pub fn save(stem: &Path, chart: &impl Chart) -> Result<()> {
    if chart.is_empty() {
        return save_drawn(stem, &Empty { title: chart.title() });
    }
    save_drawn(stem, chart)
}

fn save_drawn(stem: &Path, chart: &impl Chart) -> Result<()> {
    register_fonts();
    let png = stem.with_extension("png");
    {
        let root = BitMapBackend::new(&png, SIZE).into_drawing_area();
        chart
            .draw(&root)
            .and_then(|()| root.present().map_err(err))
            .with_context(|| format!("drawing {}", png.display()))?;
    }
    let svg = stem.with_extension("svg");
    let root = SVGBackend::new(&svg, SIZE).into_drawing_area();
    chart.draw(&root).and_then(|()| root.present().map_err(err)).with_context(|| format!("drawing {}", svg.display()))
}

fn err<E: std::fmt::Display>(e: E) -> anyhow::Error {
    anyhow!("{e}")
}

/// A number on an axis spanning `span`: whole numbers on an axis of hundreds or more (1200,
/// not 1200.000), else three decimals.
fn tick(v: f64, span: f64) -> String {
    if span >= 100.0 { format!("{v:.0}") } else { format!("{v:.3}") }
}

/// Whether any of `values` is finite.
fn any_finite(mut values: impl Iterator<Item = f64>) -> bool {
    values.any(f64::is_finite)
}

/// How many labels to ask plotters for along an axis of `n` categories: all of them up to
/// [`MAX_LABELS`] (plotters then labels evenly spaced ones).
fn label_count(n: usize) -> usize {
    n.min(MAX_LABELS)
}

/// Room for category labels: 190 pixels, more for long labels (about 8 per character at
/// the 14-point label font).
fn label_area<'a>(labels: impl Iterator<Item = &'a str>) -> u32 {
    labels.map(|l| 8 * l.chars().count() as u32 + 20).max().unwrap_or(0).max(190)
}

/// One category's estimate with its 95% interval.
#[derive(Clone, Debug)]
pub struct Bar {
    /// Category label.
    pub label: String,
    /// The estimate.
    pub value: f64,
    /// Lower end of the interval.
    pub low: f64,
    /// Upper end of the interval.
    pub high: f64,
}

/// Horizontal bars with interval whiskers; bars grow from the reference
/// line (drawn dashed) when there is one, else from the axis start (0 on a
/// linear axis of values that are not negative).
pub struct IntervalBars<'a> {
    /// Chart title.
    pub title: &'a str,
    /// Label of the value axis.
    pub x_label: &'a str,
    /// The bars, drawn top to bottom in this order.
    pub bars: &'a [Bar],
    /// The value every bar is compared with (e.g. 0.5 for a win rate).
    pub reference: Option<f64>,
    /// A logarithmic value axis (for rates spanning several orders of
    /// magnitude); values at or below zero are drawn at the axis start.
    pub log: bool,
}

impl IntervalBars<'_> {
    /// The axis position of a value (its log10 on a log axis).
    fn pos(&self, v: f64, floor: f64) -> f64 {
        if self.log { v.max(floor).log10() } else { v }
    }

    /// Where the value axis starts, for positions from `lo` up, padded by `pad`. Bars
    /// without a reference grow from the axis start, which on a linear axis of values
    /// that are not negative is 0, so that their lengths compare as their values do.
    fn axis_start(&self, lo: f64, pad: f64) -> f64 {
        match (self.log, self.reference) {
            (false, None) if lo >= 0.0 => 0.0,
            (false, Some(_)) if lo >= 0.0 => (lo - pad).max(0.0),
            _ => lo - pad,
        }
    }
}

impl Chart for IntervalBars<'_> {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<()>
    where
        DB::ErrorType: 'static,
    {
        let bars = self.bars;
        let floor =
            bars.iter().flat_map(|b| [b.value, b.high]).filter(|v| *v > 0.0).fold(f64::INFINITY, f64::min) / 3.0;
        let floor = if floor.is_finite() { floor } else { 1e-9 };
        let p = |v: f64| self.pos(v, floor);
        let values = bars.iter().flat_map(|b| [p(b.low), p(b.high), p(b.value)]).chain(self.reference.map(p));
        let (lo, hi) = values.fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), v| (l.min(v), h.max(v)));
        let pad = (hi - lo).max(1e-6) * 0.06;
        let x0 = self.axis_start(lo, pad);
        let start = self.reference.map_or(x0, p);
        let n = bars.len() as i32;
        // Category i is drawn at row n-1-i so the first bar is on top.
        let row = |i: usize| n - 1 - i as i32;
        root.fill(&WHITE).map_err(err)?;
        let mut chart = ChartBuilder::on(root)
            .caption(self.title, (FONT, 24))
            .margin(15)
            .x_label_area_size(55)
            .y_label_area_size(label_area(bars.iter().map(|b| b.label.as_str())))
            .build_cartesian_2d(x0..hi + pad, (0..n - 1).into_segmented())
            .map_err(err)?;
        let (log, span) = (self.log, hi + pad - x0);
        chart
            .configure_mesh()
            .disable_y_mesh()
            .x_desc(self.x_label)
            .x_label_formatter(&|v| if log { format!("{:.2e}", 10f64.powf(*v)) } else { tick(*v, span) })
            .y_labels(label_count(bars.len()))
            .y_label_formatter(&|v| match v {
                SegmentValue::CenterOf(r) if (0..n).contains(r) => bars[(n - 1 - r) as usize].label.clone(),
                _ => String::new(),
            })
            .label_style((FONT, 14))
            .axis_desc_style((FONT, 18))
            .draw()
            .map_err(err)?;
        chart
            .draw_series(bars.iter().enumerate().map(|(i, b)| {
                let mut r = Rectangle::new(
                    [(start, SegmentValue::Exact(row(i))), (p(b.value), SegmentValue::Exact(row(i) + 1))],
                    BLUE.mix(0.45).filled(),
                );
                r.set_margin(2, 2, 0, 0);
                r
            }))
            .map_err(err)?;
        chart
            .draw_series(bars.iter().enumerate().map(|(i, b)| {
                let y = SegmentValue::CenterOf(row(i));
                PathElement::new(vec![(p(b.low), y.clone()), (p(b.high), y)], BLACK.stroke_width(2))
            }))
            .map_err(err)?;
        if let Some(r) = self.reference {
            chart
                .draw_series(DashedLineSeries::new(
                    [(p(r), SegmentValue::Exact(0)), (p(r), SegmentValue::Last)],
                    8,
                    5,
                    RED.stroke_width(2),
                ))
                .map_err(err)?;
        }
        Ok(())
    }

    fn title(&self) -> &str {
        self.title
    }

    fn is_empty(&self) -> bool {
        !any_finite(self.bars.iter().map(|b| b.value))
    }
}

/// One named distribution: `(value, share)` points.
#[derive(Clone, Debug)]
pub struct Series {
    /// Legend name.
    pub name: String,
    /// `(value, share of observations)` in increasing value order.
    pub points: Vec<(i64, f64)>,
}

/// Distributions of integer values drawn as lines with markers, one per series.
pub struct Distributions<'a> {
    /// Chart title.
    pub title: &'a str,
    /// Label of the value axis.
    pub x_label: &'a str,
    /// The distributions.
    pub series: &'a [Series],
    /// A logarithmic share axis (for heavy tails); shares of 0 are left out.
    pub log: bool,
}

impl Chart for Distributions<'_> {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<()>
    where
        DB::ErrorType: 'static,
    {
        let y = |v: f64| if self.log { v.log10() } else { v };
        let shown = |p: &&(i64, f64)| !self.log || p.1 > 0.0;
        let all = || self.series.iter().flat_map(|s| s.points.iter().filter(shown));
        let x_min = all().map(|p| p.0).min().unwrap_or(0);
        let x_max = all().map(|p| p.0).max().unwrap_or(1).max(x_min + 1);
        let (y_min, y_max) = match self.log {
            true => {
                let (lo, hi) =
                    all().fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), p| (l.min(y(p.1)), h.max(y(p.1))));
                if lo.is_finite() { (lo - 0.2, hi + 0.2) } else { (-6.0, 0.0) }
            }
            false => (0.0, all().map(|p| p.1).fold(0.0, f64::max).max(1e-6) * 1.08),
        };
        root.fill(&WHITE).map_err(err)?;
        let mut chart = ChartBuilder::on(root)
            .caption(self.title, (FONT, 26))
            .margin(15)
            .x_label_area_size(55)
            .y_label_area_size(80)
            .build_cartesian_2d(x_min as f64 - 0.5..x_max as f64 + 0.5, y_min..y_max)
            .map_err(err)?;
        let mut mesh = chart.configure_mesh();
        mesh.x_desc(self.x_label)
            .x_label_formatter(&|v| format!("{v:.0}"))
            .y_desc("share of observations")
            .label_style((FONT, 15))
            .axis_desc_style((FONT, 18));
        let power = |v: &f64| format!("10^{v:.1}");
        if self.log {
            mesh.y_desc("share of observations (log scale)").y_label_formatter(&power);
        }
        mesh.draw().map_err(err)?;
        for (k, s) in self.series.iter().enumerate() {
            let colour = Palette99::pick(k).to_rgba();
            let pts: Vec<(f64, f64)> = s.points.iter().filter(shown).map(|&(x, v)| (x as f64, y(v))).collect();
            chart
                .draw_series(LineSeries::new(pts.iter().copied(), colour.stroke_width(2)))
                .map_err(err)?
                .label(s.name.as_str())
                .legend(move |(x, y)| PathElement::new([(x, y), (x + 20, y)], colour.stroke_width(3)));
            chart.draw_series(pts.iter().map(|&p| Circle::new(p, 3, colour.filled()))).map_err(err)?;
        }
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .label_font((FONT, 16))
            .position(SeriesLabelPosition::UpperRight)
            .draw()
            .map_err(err)?;
        Ok(())
    }

    fn title(&self) -> &str {
        self.title
    }

    fn is_empty(&self) -> bool {
        let shown = self.series.iter().flat_map(|s| &s.points).filter(|p| !self.log || p.1 > 0.0);
        !any_finite(shown.map(|p| p.1))
    }
}

/// Horizontal stacked bars: one bar per row, split into parts (negative parts drawn left
/// of zero), with a legend of the parts.
pub struct StackedBars<'a> {
    /// Chart title.
    pub title: &'a str,
    /// Label of the value axis.
    pub x_label: &'a str,
    /// The parts' names, in stacking order.
    pub parts: &'a [&'a str],
    /// Each row's label and its parts' values (in `parts` order), drawn top to bottom.
    pub stacks: &'a [(String, Vec<f64>)],
}

impl Chart for StackedBars<'_> {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<()>
    where
        DB::ErrorType: 'static,
    {
        let stacks = self.stacks;
        let n = stacks.len() as i32;
        let sum = |f: fn(&f64) -> bool| stacks.iter().map(move |s| s.1.iter().filter(|v| f(v)).sum::<f64>());
        // Room on the right for the legend.
        let hi = sum(|v| *v > 0.0).fold(0.0, f64::max).max(1e-9) * 1.3;
        let lo = sum(|v| *v < 0.0).fold(0.0, f64::min) * 1.05;
        root.fill(&WHITE).map_err(err)?;
        let mut chart = ChartBuilder::on(root)
            .caption(self.title, (FONT, 24))
            .margin(15)
            .x_label_area_size(55)
            .y_label_area_size(230)
            .build_cartesian_2d(lo..hi, (0..n - 1).into_segmented())
            .map_err(err)?;
        chart
            .configure_mesh()
            .disable_y_mesh()
            .x_desc(self.x_label)
            .y_labels(label_count(stacks.len()))
            .y_label_formatter(&|v| match v {
                SegmentValue::CenterOf(r) if (0..n).contains(r) => stacks[(n - 1 - r) as usize].0.clone(),
                _ => String::new(),
            })
            .label_style((FONT, 14))
            .axis_desc_style((FONT, 18))
            .draw()
            .map_err(err)?;
        for (k, part) in self.parts.iter().enumerate() {
            let colour = Palette99::pick(k).to_rgba();
            let rects = stacks.iter().enumerate().map(|(i, (_, values))| {
                let v = values[k];
                let before: f64 = values[..k].iter().filter(|&&x| (x < 0.0) == (v < 0.0)).sum();
                let row = n - 1 - i as i32;
                let mut r = Rectangle::new(
                    [(before, SegmentValue::Exact(row)), (before + v, SegmentValue::Exact(row + 1))],
                    colour.filled(),
                );
                r.set_margin(4, 4, 0, 0);
                r
            });
            chart
                .draw_series(rects)
                .map_err(err)?
                .label(*part)
                .legend(move |(x, y)| Rectangle::new([(x, y - 6), (x + 16, y + 6)], colour.filled()));
        }
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .label_font((FONT, 15))
            .position(SeriesLabelPosition::UpperRight)
            .draw()
            .map_err(err)?;
        Ok(())
    }

    fn title(&self) -> &str {
        self.title
    }

    fn is_empty(&self) -> bool {
        self.parts.is_empty() || !any_finite(self.stacks.iter().flat_map(|s| s.1.iter().copied()))
    }
}

/// A matrix of values coloured around a neutral value (blue below, white at, red above).
pub struct Heatmap<'a> {
    /// Chart title.
    pub title: &'a str,
    /// Row labels, top to bottom.
    pub rows: &'a [String],
    /// Column labels, left to right.
    pub cols: &'a [String],
    /// `values[row * cols + col]`; NaN cells are drawn grey.
    pub values: &'a [f64],
    /// The value drawn white.
    pub neutral: f64,
    /// How far from `neutral` the colour saturates.
    pub spread: f64,
    /// Description of the axes, e.g. "row style vs column style".
    pub axes: (&'a str, &'a str),
}

impl Heatmap<'_> {
    fn colour(&self, v: f64) -> RGBColor {
        if v.is_nan() {
            return RGBColor(200, 200, 200);
        }
        let t = ((v - self.neutral) / self.spread).clamp(-1.0, 1.0);
        let fade = |c: u8, t: f64| (255.0 - (255.0 - f64::from(c)) * t.abs()) as u8;
        if t >= 0.0 {
            RGBColor(fade(200, t), fade(30, t), fade(30, t))
        } else {
            RGBColor(fade(30, t), fade(80, t), fade(200, t))
        }
    }
}

impl Heatmap<'_> {
    /// The mean of the values in rows `rows` and columns `cols` that are not NaN (NaN if none).
    fn block_mean(&self, rows: std::ops::Range<i32>, cols: std::ops::Range<i32>) -> f64 {
        let nc = self.cols.len();
        let cells = rows.flat_map(|r| cols.clone().map(move |c| r as usize * nc + c as usize));
        let (sum, k) = cells.map(|i| self.values[i]).filter(|v| !v.is_nan()).fold((0.0, 0), |(s, k), v| (s + v, k + 1));
        if k == 0 { f64::NAN } else { sum / f64::from(k) }
    }
}

impl<'a> Heatmap<'a> {
    /// This heatmap with each cell's value printed in it, with `digits` decimals.
    pub fn with_values(self, digits: usize) -> ValuedHeatmap<'a> {
        ValuedHeatmap { map: self, digits }
    }

    /// Draws the matrix; prints each cell's value with `digits` decimals when given.
    fn draw_cells<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>, digits: Option<usize>) -> Result<()>
    where
        DB::ErrorType: 'static,
    {
        let (nr, nc) = (self.rows.len() as i32, self.cols.len() as i32);
        let rows = self.rows;
        // Blocks of br × bc cells, one each on a large matrix.
        let block = |n: usize| n.div_ceil(MAX_CELLS).max(1) as i32;
        let (br, bc) = (block(self.rows.len()), block(self.cols.len()));
        let blocks = if br * bc > 1 { format!(" (blocks of {br}×{bc} cells: their mean)") } else { String::new() };
        root.fill(&WHITE).map_err(err)?;
        let (plot, legend) = root.split_horizontally(SIZE.0 - 110);
        let mut chart = ChartBuilder::on(&plot)
            .caption(self.title, (FONT, 24))
            .margin(10)
            .x_label_area_size(150)
            .y_label_area_size(150)
            .build_cartesian_2d((0..nc - 1).into_segmented(), (0..nr - 1).into_segmented())
            .map_err(err)?;
        let name = |v: &SegmentValue<i32>| match v {
            SegmentValue::CenterOf(i) if (0..nr).contains(i) => rows[(nr - 1 - i) as usize].clone(),
            _ => String::new(),
        };
        chart
            .configure_mesh()
            .disable_mesh()
            .x_labels(label_count(self.cols.len()))
            .x_label_formatter(&|_| String::new())
            .y_labels(label_count(self.rows.len()))
            .y_label_formatter(&name)
            .y_label_style((FONT, 13))
            .x_desc(format!("{}{blocks}", self.axes.1))
            .y_desc(self.axes.0)
            .axis_desc_style((FONT, 17))
            .draw()
            .map_err(err)?;
        chart
            .draw_series(
                (0..nr).step_by(br as usize).flat_map(|r| (0..nc).step_by(bc as usize).map(move |c| (r, c))).map(
                    |(r, c)| {
                        let (r1, c1) = ((r + br).min(nr), (c + bc).min(nc));
                        Rectangle::new(
                            [
                                (SegmentValue::Exact(c), SegmentValue::Exact(nr - r1)),
                                (SegmentValue::Exact(c1), SegmentValue::Exact(nr - r)),
                            ],
                            self.colour(self.block_mean(r..r1, c..c1)).filled(),
                        )
                    },
                ),
            )
            .map_err(err)?;
        // Values only where a cell has room for one.
        if let Some(digits) = digits.filter(|_| self.rows.len().max(self.cols.len()) <= MAX_LABELS) {
            // Small matrices get larger numbers; dark cells white ones.
            let size = (260 / nr.max(nc).max(1)).clamp(8, 18);
            for (r, c) in (0..nr).flat_map(|r| (0..nc).map(move |c| (r, c))) {
                let v = self.values[(r * nc + c) as usize];
                if v.is_nan() {
                    continue;
                }
                let y = nr - 1 - r;
                let strong = ((v - self.neutral) / self.spread).abs() > 0.6;
                let colour = if strong { WHITE } else { BLACK };
                let style = (FONT, size).into_font().color(&colour).pos(Pos::new(HPos::Center, VPos::Center));
                let at = chart.backend_coord(&(SegmentValue::CenterOf(c), SegmentValue::CenterOf(y)));
                plot.draw(&Text::new(format!("{v:.digits$}"), at, style)).map_err(err)?;
            }
        }
        // Column labels, drawn by hand: plotters' rotated axis labels are
        // anchored half inside the plot.
        let style = (FONT, 13).into_font().transform(FontTransform::Rotate90);
        let every = self.cols.len().div_ceil(MAX_LABELS).max(1);
        for (c, label) in self.cols.iter().enumerate().step_by(every) {
            let (x, y) = chart.backend_coord(&(SegmentValue::CenterOf(c as i32), SegmentValue::Exact(0)));
            plot.draw(&Text::new(label.as_str(), (x + 6, y + 6), style.clone())).map_err(err)?;
        }
        let steps = 40;
        let mut bar = ChartBuilder::on(&legend)
            .margin_top(60)
            .margin_bottom(150)
            .margin_right(10)
            .y_label_area_size(55)
            .build_cartesian_2d(0.0..1.0, self.neutral - self.spread..self.neutral + self.spread)
            .map_err(err)?;
        bar.configure_mesh().disable_mesh().disable_x_axis().y_labels(5).label_style((FONT, 13)).draw().map_err(err)?;
        let step = 2.0 * self.spread / f64::from(steps);
        bar.draw_series((0..steps).map(|k| {
            let v0 = self.neutral - self.spread + step * f64::from(k);
            Rectangle::new([(0.0, v0), (1.0, v0 + step)], self.colour(v0 + step / 2.0).filled())
        }))
        .map_err(err)?;
        Ok(())
    }
}

impl Chart for Heatmap<'_> {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<()>
    where
        DB::ErrorType: 'static,
    {
        self.draw_cells(root, None)
    }

    fn title(&self) -> &str {
        self.title
    }

    fn is_empty(&self) -> bool {
        self.rows.is_empty() || self.cols.is_empty() || !any_finite(self.values.iter().copied())
    }
}

/// A [`Heatmap`] printing each cell's value ([`Heatmap::with_values`]).
pub struct ValuedHeatmap<'a> {
    /// The matrix.
    pub map: Heatmap<'a>,
    /// Decimals printed.
    pub digits: usize,
}

impl Chart for ValuedHeatmap<'_> {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<()>
    where
        DB::ErrorType: 'static,
    {
        self.map.draw_cells(root, Some(self.digits))
    }

    fn title(&self) -> &str {
        self.map.title
    }

    fn is_empty(&self) -> bool {
        self.map.is_empty()
    }
}

/// Estimates with 95% intervals along an ordered axis of categories (a grid key's values,
/// games played): per series a line through the estimates in a shaded band, and a dashed
/// reference line.
pub struct Band<'a> {
    /// Chart title.
    pub title: &'a str,
    /// Label of the category axis.
    pub x_label: &'a str,
    /// Label of the value axis.
    pub y_label: &'a str,
    /// The category labels, left to right.
    pub categories: &'a [String],
    /// `(legend name, one estimate per category)`; a lone series goes without a legend.
    pub series: &'a [(String, Vec<Bar>)],
    /// The value drawn dashed (e.g. 0 for a difference).
    pub reference: Option<f64>,
}

impl Chart for Band<'_> {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<()>
    where
        DB::ErrorType: 'static,
    {
        let all = self.series.iter().flat_map(|s| s.1.iter());
        let values = all.flat_map(|b| [b.low, b.high, b.value]).chain(self.reference).filter(|v| v.is_finite());
        let (lo, hi) = values.fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), v| (l.min(v), h.max(v)));
        let (lo, hi) = if lo.is_finite() { (lo, hi) } else { (0.0, 1.0) };
        let pad = (hi - lo).max(1e-9) * 0.08;
        let cats = self.categories;
        let n = cats.len().max(1) as f64;
        root.fill(&WHITE).map_err(err)?;
        let mut chart = ChartBuilder::on(root)
            .caption(self.title, (FONT, 24))
            .margin(15)
            .x_label_area_size(60)
            .y_label_area_size(90)
            .build_cartesian_2d(-0.5..n - 0.5, lo - pad..hi + pad)
            .map_err(err)?;
        let label = |x: &f64| {
            let k = x.round();
            let on = (x - k).abs() < 1e-6 && k >= 0.0 && (k as usize) < cats.len();
            if on { cats[k as usize].clone() } else { String::new() }
        };
        chart
            .configure_mesh()
            .x_labels(cats.len().clamp(2, 12))
            .x_label_formatter(&label)
            .x_desc(self.x_label)
            .y_desc(self.y_label)
            .label_style((FONT, 14))
            .axis_desc_style((FONT, 18))
            .draw()
            .map_err(err)?;
        for (k, (name, pts)) in self.series.iter().enumerate() {
            let colour = Palette99::pick(k).to_rgba();
            let at = |i: usize, v: f64| (i as f64, v);
            let band: Vec<(f64, f64)> = pts
                .iter()
                .enumerate()
                .map(|(i, b)| at(i, b.high))
                .chain(pts.iter().enumerate().rev().map(|(i, b)| at(i, b.low)))
                .collect();
            chart.draw_series(std::iter::once(Polygon::new(band, colour.mix(0.2).filled()))).map_err(err)?;
            chart
                .draw_series(LineSeries::new(
                    pts.iter().enumerate().map(|(i, b)| at(i, b.value)),
                    colour.stroke_width(2),
                ))
                .map_err(err)?
                .label(name.as_str())
                .legend(move |(x, y)| PathElement::new([(x, y), (x + 20, y)], colour.stroke_width(3)));
            chart
                .draw_series(pts.iter().enumerate().map(|(i, b)| Circle::new(at(i, b.value), 4, colour.filled())))
                .map_err(err)?;
        }
        if let Some(r) = self.reference {
            chart
                .draw_series(DashedLineSeries::new([(-0.5, r), (n - 0.5, r)], 8, 5, RED.stroke_width(2)))
                .map_err(err)?;
        }
        if self.series.len() > 1 {
            chart
                .configure_series_labels()
                .background_style(WHITE.mix(0.85))
                .border_style(BLACK)
                .label_font((FONT, 14))
                .position(SeriesLabelPosition::UpperRight)
                .draw()
                .map_err(err)?;
        }
        Ok(())
    }

    fn title(&self) -> &str {
        self.title
    }

    fn is_empty(&self) -> bool {
        !any_finite(self.series.iter().flat_map(|s| &s.1).map(|b| b.value))
    }
}

#[cfg(test)]
mod tests {
    use super::IntervalBars;

    fn bars(reference: Option<f64>, log: bool) -> IntervalBars<'static> {
        IntervalBars { title: "", x_label: "", bars: &[], reference, log }
    }

    #[test]
    fn bars_without_a_reference_grow_from_zero_on_a_linear_axis() {
        // Shares from 0.05 up: the bars' lengths must compare as the shares do.
        assert_eq!(bars(None, false).axis_start(0.05, 0.02), 0.0);
        // Around a reference the axis may start near the values (never below 0 for
        // values that are not negative) ...
        assert!((bars(Some(0.5), false).axis_start(0.4, 0.02) - 0.38).abs() < 1e-12);
        assert_eq!(bars(Some(0.5), false).axis_start(0.01, 0.02), 0.0);
        // ... and a log axis starts below its smallest position (log10 of a share).
        assert!((bars(None, true).axis_start(-2.0, 0.1) + 2.1).abs() < 1e-12);
        assert!((bars(None, false).axis_start(-1.0, 0.1) + 1.1).abs() < 1e-12);
    }
}
