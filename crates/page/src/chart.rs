//! The bar chart of how many codes each strategy solves at each guess, as SVG: one group of
//! bars per number of guesses, one bar per strategy, heights exactly proportional to the counts.
//! Each bar carries its numbers as `data-` attributes, so a test (or a script) can read them.

use std::fmt::Write;

/// One strategy's counts: `solved_by_guess[i]` codes need exactly `i + 1` guesses.
pub struct Series<'a> {
    pub name: &'a str,
    pub solved_by_guess: &'a [u64],
}

/// The height of the tallest bar, in SVG units.
const PLOT_HEIGHT: f64 = 220.0;
/// Room above the plot for the count over the tallest bar.
const TOP: f64 = 24.0;
/// Room below the plot for the guess numbers and the axis title.
const BOTTOM: f64 = 44.0;
const SIDE: f64 = 12.0;
const GROUP_GAP: f64 = 18.0;
/// The height of one line of the legend.
const LEGEND_LINE: f64 = 20.0;

/// The Okabe–Ito palette, which readers with any common colour-vision deficiency can tell
/// apart; strategies past the eighth reuse it.
const PALETTE: [&str; 8] = [
    "#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000",
];

/// The chart as a standalone `<svg>` element with a final newline.
pub fn bar_chart(series: &[Series<'_>]) -> String {
    let guesses = series
        .iter()
        .map(|one| one.solved_by_guess.len())
        .max()
        .unwrap_or(0);
    let tallest = series
        .iter()
        .flat_map(|one| one.solved_by_guess.iter().copied())
        .max()
        .unwrap_or(0)
        .max(1);
    let bar_width = if series.len() <= 1 {
        36.0
    } else {
        (100.0 / series.len() as f64).max(18.0)
    };
    let group_width = bar_width * series.len().max(1) as f64;
    let width = 2.0 * SIDE + guesses as f64 * (group_width + GROUP_GAP);
    let legend_height = if series.len() > 1 {
        LEGEND_LINE * series.len() as f64 + 8.0
    } else {
        0.0
    };
    let baseline = TOP + PLOT_HEIGHT;
    let height = baseline + BOTTOM + legend_height;
    let width = width.max(240.0);

    let mut svg = String::new();
    let _ = write!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 {width} {height}" width="{width}" height="{height}" role="img" font-family="system-ui, sans-serif" font-size="12">"#
    );
    let title = match series {
        [one] => format!("Codes solved at each guess by {}", escape(one.name)),
        _ => "Codes solved at each guess, by strategy".to_owned(),
    };
    let _ = write!(
        svg,
        r#"<title>{title}</title><rect width="100%" height="100%" fill="white"/>"#
    );
    let _ = write!(
        svg,
        r##"<line x1="{SIDE}" y1="{baseline}" x2="{x2}" y2="{baseline}" stroke="#444" stroke-width="1"/>"##,
        x2 = width - SIDE
    );
    for guess in 0..guesses {
        let group_left = SIDE + GROUP_GAP / 2.0 + guess as f64 * (group_width + GROUP_GAP);
        for (index, one) in series.iter().enumerate() {
            let codes = one.solved_by_guess.get(guess).copied().unwrap_or(0);
            let bar_height = codes as f64 / tallest as f64 * PLOT_HEIGHT;
            let x = group_left + index as f64 * bar_width;
            let y = baseline - bar_height;
            let colour = PALETTE[index % PALETTE.len()];
            let name = escape(one.name);
            let _ = write!(
                svg,
                r#"<rect class="bar" x="{x:.2}" y="{y:.2}" width="{w:.2}" height="{bar_height:.2}" fill="{colour}" data-strategy="{name}" data-guesses="{g}" data-codes="{codes}"><title>{name}: {codes} {noun} in {g} {guess_noun}</title></rect>"#,
                w = bar_width - 2.0,
                g = guess + 1,
                noun = if codes == 1 { "code" } else { "codes" },
                guess_noun = if guess == 0 { "guess" } else { "guesses" },
            );
            if codes > 0 {
                let _ = write!(
                    svg,
                    r#"<text x="{cx:.2}" y="{ty:.2}" text-anchor="middle" font-size="{size}">{codes}</text>"#,
                    cx = x + (bar_width - 2.0) / 2.0,
                    ty = y - 4.0,
                    size = if series.len() > 2 { 9 } else { 12 },
                );
            }
        }
        let _ = write!(
            svg,
            r#"<text x="{cx:.2}" y="{ty}" text-anchor="middle">{g}</text>"#,
            cx = group_left + group_width / 2.0,
            ty = baseline + 16.0,
            g = guess + 1,
        );
    }
    let _ = write!(
        svg,
        r#"<text x="{cx:.2}" y="{ty}" text-anchor="middle">guesses needed</text>"#,
        cx = width / 2.0,
        ty = baseline + 36.0,
    );
    if series.len() > 1 {
        for (index, one) in series.iter().enumerate() {
            let y = baseline + BOTTOM + index as f64 * LEGEND_LINE;
            let _ = write!(
                svg,
                r#"<rect x="{SIDE}" y="{y}" width="14" height="14" fill="{colour}"/><text x="{tx}" y="{ty}">{name}</text>"#,
                colour = PALETTE[index % PALETTE.len()],
                tx = SIDE + 20.0,
                ty = y + 12.0,
                name = escape(one.name),
            );
        }
    }
    svg.push_str("</svg>\n");
    svg
}

/// Text made safe for XML content and attribute values.
pub(crate) fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for character in text.chars() {
        match character {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            '\'' => escaped.push_str("&#39;"),
            other => escaped.push(other),
        }
    }
    escaped
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The `(strategy, guesses, codes, height)` of every bar, read back from the SVG.
    fn bars(svg: &str) -> Vec<(String, usize, u64, f64)> {
        svg.split("<rect class=\"bar\"")
            .skip(1)
            .map(|rest| {
                let attribute = |name: &str| {
                    let start = rest.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
                    let end = start + rest[start..].find('"').unwrap();
                    rest[start..end].to_owned()
                };
                (
                    attribute("data-strategy"),
                    attribute("data-guesses").parse().unwrap(),
                    attribute("data-codes").parse().unwrap(),
                    attribute("height").parse().unwrap(),
                )
            })
            .collect()
    }

    #[test]
    fn heights_are_proportional_to_the_counts() {
        let counts = [1, 6, 62, 533, 694];
        let svg = bar_chart(&[Series {
            name: "knuth",
            solved_by_guess: &counts,
        }]);
        let bars = bars(&svg);
        assert_eq!(bars.len(), 5);
        for (bar, &count) in bars.iter().zip(&counts) {
            assert_eq!(bar.2, count);
            let expected = count as f64 / 694.0 * PLOT_HEIGHT;
            assert!(
                (bar.3 - expected).abs() < 0.01,
                "{bar:?} against {expected}"
            );
        }
    }

    #[test]
    fn strategies_side_by_side_share_one_scale_and_pad_shorter_counts() {
        let svg = bar_chart(&[
            Series {
                name: "a & b",
                solved_by_guess: &[1, 3],
            },
            Series {
                name: "c",
                solved_by_guess: &[2, 1, 1],
            },
        ]);
        let bars = bars(&svg);
        assert_eq!(bars.len(), 6);
        assert!(bars.contains(&("a &amp; b".to_owned(), 2, 3, PLOT_HEIGHT)));
        assert!(bars.contains(&("a &amp; b".to_owned(), 3, 0, 0.0)));
        assert!(svg.contains(">c</text>"), "a legend names each strategy");
    }
}
