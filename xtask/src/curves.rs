//! The learning curves of docs/AI.md: each game's score against the top player of its
//! ladder (alpha-beta at the same time per move) over the CPU hours of its training, drawn as
//! one SVG from the training logs shipped beside the weights
//! (`crates/tower-games/networks/<game>.log.csv`, the `log.csv` that `towers train` writes).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Where the logs are, relative to the workspace root.
pub const LOG_DIR: &str = "crates/tower-games/networks";
/// Where the picture goes, relative to the workspace root.
pub const CURVES_FILE: &str = "docs/img/learning-curves.svg";

/// One game's curve: its title and its points, `(CPU hours, score against the top player)`.
#[derive(Clone, Debug, PartialEq)]
pub struct Curve {
    /// The game's title.
    pub title: String,
    /// The points, in the log's order.
    pub points: Vec<(f64, f64)>,
}

/// The points of a training log: the rows with a score against the top player.
pub fn read_log(text: &str) -> Result<Vec<(f64, f64)>, String> {
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().ok_or("an empty log")?.split(',').collect();
    let column = |name: &str| {
        header
            .iter()
            .position(|h| *h == name)
            .ok_or_else(|| format!("the log has no `{name}` column"))
    };
    let (hours, score) = (column("cpu_hours")?, column("score_top")?);
    let mut points = Vec::new();
    for (n, line) in lines.enumerate() {
        let fields: Vec<&str> = line.split(',').collect();
        let field = |i: usize| fields.get(i).copied().unwrap_or("");
        if field(score).is_empty() {
            continue;
        }
        let parse = |i: usize| {
            field(i)
                .parse::<f64>()
                .map_err(|_| format!("line {}: `{}` is not a number", n + 2, field(i)))
        };
        points.push((parse(hours)?, parse(score)?));
    }
    Ok(points)
}

/// Every game's curve whose log ships, in the registry's order.
pub fn curves(root: &Path) -> Result<Vec<Curve>, String> {
    let mut out = Vec::new();
    for game in tower_games::registry::all() {
        let path = root.join(LOG_DIR).join(format!("{}.log.csv", game.name()));
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let points = read_log(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        out.push(Curve {
            title: game.title().to_owned(),
            points,
        });
    }
    Ok(out)
}

/// Colours told apart by people with the common colour-vision deficiencies (Okabe and Ito).
const COLOURS: [&str; 8] = [
    "#0072b2", "#e69f00", "#009e73", "#cc79a7", "#d55e00", "#56b4e9", "#f0e442", "#000000",
];

/// The curves as an SVG document: score (0 to 100%) over CPU hours, the 50% and 75% lines
/// marked, a legend.
#[must_use]
pub fn svg(curves: &[Curve]) -> String {
    let (width, height) = (640.0, 360.0);
    let (left, right, top, bottom) = (56.0, 170.0, 30.0, 44.0);
    let plot_w = width - left - right;
    let plot_h = height - top - bottom;
    let max_hours = curves
        .iter()
        .flat_map(|c| c.points.iter().map(|p| p.0))
        .fold(0.0f64, f64::max);
    let span = nice_span(max_hours);
    let x = |h: f64| left + plot_w * h / span;
    let y = |s: f64| top + plot_h * (1.0 - s);
    let mut out = String::new();
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {width} {height}\" width=\"{width}\" height=\"{height}\" font-family=\"sans-serif\" font-size=\"12\">\n\
         <title>Learning curves: score against the top player over CPU hours of training</title>\n\
         <rect width=\"{width}\" height=\"{height}\" fill=\"#ffffff\"/>\n"
    );
    for k in 0..=4 {
        let s = f64::from(k) * 0.25;
        let _ = writeln!(
            out,
            "<line x1=\"{left}\" y1=\"{0:.1}\" x2=\"{1:.1}\" y2=\"{0:.1}\" stroke=\"{2}\" stroke-dasharray=\"{3}\"/>\
             <text x=\"{4:.1}\" y=\"{5:.1}\" text-anchor=\"end\">{6}%</text>",
            y(s),
            left + plot_w,
            if k == 2 || k == 3 {
                "#888888"
            } else {
                "#dddddd"
            },
            if k == 3 { "6 3" } else { "none" },
            left - 6.0,
            y(s) + 4.0,
            k * 25
        );
    }
    let ticks = 4;
    for k in 0..=ticks {
        let h = span * f64::from(k) / f64::from(ticks);
        let _ = writeln!(
            out,
            "<line x1=\"{0:.1}\" y1=\"{top}\" x2=\"{0:.1}\" y2=\"{1:.1}\" stroke=\"#eeeeee\"/>\
             <text x=\"{0:.1}\" y=\"{2:.1}\" text-anchor=\"middle\">{3}</text>",
            x(h),
            top + plot_h,
            top + plot_h + 16.0,
            trim(h)
        );
    }
    let _ = writeln!(
        out,
        "<text x=\"{0:.1}\" y=\"{1:.1}\" text-anchor=\"middle\">CPU hours of training</text>\
         <text x=\"14\" y=\"{2:.1}\" text-anchor=\"middle\" transform=\"rotate(-90 14 {2:.1})\">score against the top player</text>\
         <text x=\"{left}\" y=\"18\">The learned players against alpha-beta at the same time per move</text>",
        left + plot_w / 2.0,
        height - 8.0,
        top + plot_h / 2.0
    );
    let mut ly = top + 10.0;
    for (i, curve) in curves.iter().enumerate() {
        let colour = COLOURS[i % COLOURS.len()];
        let path: Vec<String> = curve
            .points
            .iter()
            .map(|&(h, s)| format!("{:.1},{:.1}", x(h), y(s.clamp(0.0, 1.0))))
            .collect();
        if !path.is_empty() {
            let _ = writeln!(
                out,
                "<polyline points=\"{}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"2\"/>",
                path.join(" ")
            );
            for p in &path {
                let (px, py) = p.split_once(',').unwrap_or(("0", "0"));
                let _ = writeln!(
                    out,
                    "<circle cx=\"{px}\" cy=\"{py}\" r=\"2.5\" fill=\"{colour}\"/>"
                );
            }
        }
        let _ = writeln!(
            out,
            "<line x1=\"{0:.1}\" y1=\"{1:.1}\" x2=\"{2:.1}\" y2=\"{1:.1}\" stroke=\"{colour}\" stroke-width=\"3\"/>\
             <text x=\"{3:.1}\" y=\"{4:.1}\">{5}</text>",
            left + plot_w + 12.0,
            ly,
            left + plot_w + 32.0,
            left + plot_w + 38.0,
            ly + 4.0,
            escape(&curve.title)
        );
        // A curve at 0% throughout lies on the axis, under any other such curve: the legend
        // says so, since the line may not show.
        if !curve.points.is_empty() && curve.points.iter().all(|&(_, score)| score <= 0.0) {
            ly += 15.0;
            let _ = writeln!(
                out,
                "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"10\" fill=\"#555555\">0% at every point</text>",
                left + plot_w + 38.0,
                ly + 4.0
            );
        }
        ly += 20.0;
    }
    out.push_str("</svg>\n");
    out
}

/// A round upper bound for the hours axis.
fn nice_span(max: f64) -> f64 {
    for step in [0.5, 1.0, 2.0, 4.0, 5.0, 8.0, 10.0, 20.0, 40.0, 50.0, 100.0] {
        if max <= step {
            return step;
        }
    }
    (max / 100.0).ceil() * 100.0
}

/// A number without needless decimals.
fn trim(v: f64) -> String {
    let text = format!("{v:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_owned()
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The generated picture: its path and content, when any log ships.
pub fn generated(root: &Path) -> Result<Option<(PathBuf, String)>, String> {
    let curves = curves(root)?;
    if curves.is_empty() {
        return Ok(None);
    }
    Ok(Some((PathBuf::from(CURVES_FILE), svg(&curves))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_log_gives_the_rows_that_were_evaluated() {
        let log = "generation,seconds,cpu_hours,score_top,games_top\n\
                   1,3,0.001,0.000,20\n2,9,0.002,,\n3,900,0.5,0.625,20\n";
        assert_eq!(read_log(log).unwrap(), [(0.001, 0.0), (0.5, 0.625)]);
        assert!(read_log("generation\n1\n").is_err());
        assert!(
            read_log("cpu_hours,score_top\nx,0.5\n")
                .unwrap_err()
                .contains("line 2")
        );
    }

    #[test]
    fn the_picture_has_a_line_and_a_legend_entry_a_game() {
        let curves = vec![
            Curve {
                title: "Kamisado".into(),
                points: vec![(0.0, 0.1), (1.0, 0.6)],
            },
            Curve {
                title: "Queens' Courtiers".into(),
                points: vec![(0.5, 0.8)],
            },
        ];
        let svg = svg(&curves);
        assert_eq!(svg.matches("<polyline").count(), 2);
        assert!(svg.contains(">Kamisado</text>"));
        assert!(svg.contains(">Queens' Courtiers</text>"));
        assert!(!svg.contains("0% at every point"));
        assert_eq!(nice_span(1.6), 2.0);
        // A curve that never leaves 0% may be hidden under another: the legend says so.
        let flat = vec![Curve {
            title: "Seven Sages".into(),
            points: vec![(0.1, 0.0), (0.4, 0.0)],
        }];
        assert_eq!(super::svg(&flat).matches("0% at every point").count(), 1);
    }
}
