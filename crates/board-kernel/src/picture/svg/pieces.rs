//! How the renderer draws what stands on a cell: tokens of each outline, discs, stacks and
//! balls.

use std::fmt::Write as _;

use super::{Num, Renderer, escape};
use crate::picture::{Outline, PieceKind, Point, Rgb};

impl Renderer<'_> {
    /// Every piece, each in a group that says where it stands and what it is.
    pub(super) fn pieces(&self, out: &mut String) {
        out.push_str("<g class=\"pieces\" pointer-events=\"none\">\n");
        for piece in &self.picture.pieces {
            let name = self
                .picture
                .cells
                .iter()
                .find(|c| c.at == piece.at)
                .map_or("", |c| c.name.as_str());
            let _ = writeln!(
                out,
                "<g class=\"piece\" data-at=\"{},{}\" data-name=\"{}\"><title>{}</title>",
                piece.at.col,
                piece.at.row,
                escape(name),
                escape(&piece.name)
            );
            match &piece.kind {
                PieceKind::Token {
                    shape,
                    fill,
                    stroke,
                    letter,
                } => self.token(out, piece.at, *shape, *fill, *stroke, letter.as_deref()),
                PieceKind::Disc { fill, rim, teeth } => {
                    self.disc(out, piece.at, *fill, *rim, *teeth);
                }
                PieceKind::Stack { stones } => self.stack(out, piece.at, stones),
                PieceKind::Ball { fill } => {
                    let (x, y) = self.centre(piece.at);
                    let c = self.cell;
                    let _ = writeln!(
                        out,
                        "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{fill}\" stroke=\"{}\" stroke-width=\"{}\"/>",
                        Num(x),
                        Num(y),
                        Num(c * 0.22),
                        Rgb::BLACK,
                        Num(c / 20.0)
                    );
                    // Seams, so the ball reads as a ball without colour.
                    let _ = writeln!(
                        out,
                        "<path d=\"M{} {}L{} {}M{} {}L{} {}\" stroke=\"{}\" stroke-width=\"{}\"/>",
                        Num(x - c * 0.22),
                        Num(y),
                        Num(x + c * 0.22),
                        Num(y),
                        Num(x),
                        Num(y - c * 0.22),
                        Num(x),
                        Num(y + c * 0.22),
                        Rgb::BLACK,
                        Num(c / 40.0)
                    );
                }
            }
            out.push_str("</g>\n");
        }
        out.push_str("</g>\n");
    }

    fn token(
        &self,
        out: &mut String,
        at: Point,
        shape: Outline,
        fill: Rgb,
        stroke: Rgb,
        letter: Option<&str>,
    ) {
        let (x, y) = self.centre(at);
        let c = self.cell;
        let r = c * 0.38;
        let width = Num(c / 24.0);
        let attrs = format!("fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"{width}\"");
        match shape {
            Outline::Circle => {
                let _ = writeln!(
                    out,
                    "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" {attrs}/>",
                    Num(x),
                    Num(y),
                    Num(r)
                );
            }
            Outline::Square => {
                let s = r * 0.85;
                let _ = writeln!(
                    out,
                    "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"{}\" {attrs}/>",
                    Num(x - s),
                    Num(y - s),
                    Num(2.0 * s),
                    Num(2.0 * s),
                    Num(c / 16.0)
                );
            }
            Outline::Diamond => {
                let _ = writeln!(
                    out,
                    "<path d=\"M{} {}L{} {}L{} {}L{} {}Z\" {attrs}/>",
                    Num(x),
                    Num(y - r),
                    Num(x + r),
                    Num(y),
                    Num(x),
                    Num(y + r),
                    Num(x - r),
                    Num(y)
                );
            }
            Outline::Triangle => {
                let _ = writeln!(
                    out,
                    "<path d=\"M{} {}L{} {}L{} {}Z\" {attrs}/>",
                    Num(x),
                    Num(y - r),
                    Num(x + r * 0.95),
                    Num(y + r * 0.7),
                    Num(x - r * 0.95),
                    Num(y + r * 0.7)
                );
            }
            Outline::Crown => {
                let (l, rr, t, b) = (x - r, x + r, y - r * 0.75, y + r * 0.6);
                let _ = writeln!(
                    out,
                    "<path d=\"M{} {}L{} {}L{} {}L{} {}L{} {}L{} {}L{} {}Z\" {attrs}/>",
                    Num(l),
                    Num(b),
                    Num(l),
                    Num(t),
                    Num(x - r * 0.5),
                    Num(y - r * 0.1),
                    Num(x),
                    Num(t - r * 0.1),
                    Num(x + r * 0.5),
                    Num(y - r * 0.1),
                    Num(rr),
                    Num(t),
                    Num(rr),
                    Num(b)
                );
            }
        }
        if let Some(letter) = letter {
            let size = if letter.chars().count() > 1 {
                0.3
            } else {
                0.42
            };
            let dy = if shape == Outline::Triangle {
                r * 0.3
            } else {
                0.0
            };
            let _ = writeln!(
                out,
                "<text x=\"{}\" y=\"{}\" font-size=\"{}\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"{}\">{}</text>",
                Num(x),
                Num(y + dy + c * size * 0.36),
                Num(c * size),
                fill.ink(),
                escape(letter)
            );
        }
    }

    fn disc(&self, out: &mut String, at: Point, fill: Rgb, rim: Rgb, teeth: u8) {
        let (x, y) = self.centre(at);
        let c = self.cell;
        let outer = c * 0.36;
        let inner = c * 0.22;
        let _ = writeln!(
            out,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{rim}\" stroke=\"{}\" stroke-width=\"{}\"/>",
            Num(x),
            Num(y),
            Num(outer),
            rim.ink(),
            Num(c / 32.0)
        );
        let _ = writeln!(
            out,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{fill}\" stroke=\"{}\" stroke-width=\"{}\"/>",
            Num(x),
            Num(y),
            Num(inner),
            rim.ink(),
            Num(c / 48.0)
        );
        // Teeth: triangles standing out of the rim over the top, in the rim's colour outlined
        // in its ink, so they read on any square.
        for i in 0..teeth {
            let angle =
                std::f64::consts::PI * (0.5 + (f64::from(i) - f64::from(teeth - 1) / 2.0) * 0.28);
            let tip = (x + angle.cos() * outer * 1.3, y - angle.sin() * outer * 1.3);
            let base = outer * 0.92;
            let half = 0.2;
            let (a1, a2) = (angle - half, angle + half);
            let _ = writeln!(
                out,
                "<path d=\"M{} {}L{} {}L{} {}Z\" fill=\"{rim}\" stroke=\"{}\" stroke-width=\"{}\" stroke-linejoin=\"round\"/>",
                Num(tip.0),
                Num(tip.1),
                Num(x + a1.cos() * base),
                Num(y - a1.sin() * base),
                Num(x + a2.cos() * base),
                Num(y - a2.sin() * base),
                rim.ink(),
                Num(c / 40.0)
            );
        }
    }

    fn stack(&self, out: &mut String, at: Point, stones: &[Rgb]) {
        let c = self.cell;
        match stones {
            [] => {}
            // A single stone, seen from above: a disc.
            [stone] => {
                let (x, y) = self.centre(at);
                let _ = writeln!(
                    out,
                    "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{stone}\" stroke=\"{}\" stroke-width=\"{}\"/>",
                    Num(x),
                    Num(y),
                    Num(c * 0.3),
                    Rgb::BLACK,
                    Num(c / 24.0)
                );
            }
            // A stack, seen from the side: a tier per stone, bottom first (at most eight, the
            // top ones), with the height written beside it.
            _ => {
                let (x, y) = self.corner(at);
                const SHOWN: usize = 8;
                let shown = &stones[stones.len().saturating_sub(SHOWN)..];
                let tier = (c * 0.66 / shown.len() as f64).min(c * 0.22);
                let width = c * 0.72;
                let left = x + (c - width) / 2.0;
                let bottom = y + c * 0.86;
                for (i, stone) in shown.iter().enumerate() {
                    let top = bottom - tier * (i as f64 + 1.0);
                    let _ = writeln!(
                        out,
                        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"{}\" fill=\"{stone}\" stroke=\"{}\" stroke-width=\"{}\"/>",
                        Num(left),
                        Num(top),
                        Num(width),
                        Num(tier),
                        Num((tier / 2.0).min(c * 0.08)),
                        Rgb::BLACK,
                        Num(c / 40.0)
                    );
                }
                let _ = writeln!(
                    out,
                    "<text x=\"{}\" y=\"{}\" font-size=\"{}\" font-weight=\"bold\" text-anchor=\"end\" fill=\"{}\" stroke=\"#ffffff\" stroke-width=\"{}\" paint-order=\"stroke\">{}</text>",
                    Num(x + c * 0.97),
                    Num(y + c * 0.27),
                    Num(c * 0.26),
                    Rgb::BLACK,
                    Num(c / 16.0),
                    stones.len()
                );
            }
        }
    }
}
