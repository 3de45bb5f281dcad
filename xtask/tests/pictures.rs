//! The SVG pictures, as a person would see them: well-formed XML with a title and a text
//! alternative, one cell per square of each board and one piece per piece of a known position,
//! byte-stable output, and a reviewed snapshot of each game's initial picture.

use board_kernel::erased::DynState;
use board_kernel::picture::SvgStyle;
use roxmltree::Document;
use tower_games::registry;

/// Cells drawn and pieces standing in each game's initial position, counted from the rule
/// specifications: Kamisado 64 squares and 16 towers; Tower of Power 64 squares and 30 stones;
/// Chain Reaction 56 board cells plus 14 scoring positions (a0–g0, a9–g9) and 22 stones;
/// Queens' Courtiers 224 cells plus the crossed-out centre and 4 Royals and 12 Courtiers;
/// Seven Sages 225 cells, 14 sages and the ball.
const EXPECTED: [(&str, usize, usize); 5] = [
    ("kamisado", 64, 16),
    ("tower-of-power", 64, 30),
    ("chain-reaction", 70, 22),
    ("queens-courtiers", 225, 16),
    ("seven-sages", 225, 15),
];

fn svg_of(state: &dyn DynState) -> String {
    state.svg(&[], &SvgStyle::default())
}

fn count_class(doc: &Document<'_>, class: &str) -> usize {
    doc.descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .count()
}

#[test]
fn every_initial_picture_is_well_formed_with_the_expected_cells_and_pieces() {
    for (name, cells, pieces) in EXPECTED {
        let game = registry::build(name, &[]).unwrap();
        let svg = svg_of(game.initial_state().as_ref());
        let doc = Document::parse(&svg).unwrap_or_else(|e| panic!("{name}: {e}"));
        let root = doc.root_element();
        assert_eq!(root.tag_name().name(), "svg", "{name}");
        assert_eq!(root.attribute("role"), Some("img"), "{name}");
        let title = root.children().find(|n| n.has_tag_name("title")).unwrap();
        assert!(title.text().unwrap().starts_with(game.title()), "{name}");
        let desc = root.children().find(|n| n.has_tag_name("desc")).unwrap();
        assert!(desc.text().unwrap().contains("Position "), "{name}");
        assert_eq!(count_class(&doc, "cell"), cells, "{name}: cells");
        assert_eq!(count_class(&doc, "piece"), pieces, "{name}: pieces");
        // No embedded fonts or images: only shapes and text.
        assert!(
            !svg.contains("<image") && !svg.contains("@font-face"),
            "{name}"
        );
        assert!(svg.len() < 64 * 1024, "{name}: {} bytes", svg.len());
        // Byte-stable.
        assert_eq!(svg, svg_of(game.initial_state().as_ref()), "{name}");
    }
}

#[test]
fn a_move_shows_as_a_path_with_its_ends_highlighted() {
    // Every registered game: a move of several cells draws one arrow, a placement none.
    for name in registry::names() {
        let game = registry::build(name, &[]).unwrap();
        let start = game.initial_state();
        let mut moves = start.legal_moves();
        moves.sort();
        let mv = &moves[0];
        let marks = start.move_marks(mv).unwrap();
        let cells = start.move_path(mv).unwrap();
        let mut after = start.clone();
        after.play(mv).unwrap();
        let svg = after.svg(&marks, &SvgStyle::default());
        let doc = Document::parse(&svg).unwrap();
        // An arrow where the move goes from cell to cell; its ends highlighted (one cell for a
        // placement, none for a move without a place).
        let arrow = usize::from(cells.len() >= 2);
        let ends = cells
            .first()
            .map_or(0, |first| 1 + usize::from(cells.last() != Some(first)));
        assert_eq!(count_class(&doc, "path"), arrow, "{name}: {mv}");
        assert!(count_class(&doc, "highlight") >= ends, "{name}: {mv}");
        let flipped = after.svg(
            &marks,
            &SvgStyle {
                flipped: true,
                ..SvgStyle::default()
            },
        );
        assert_ne!(flipped, svg, "{name}");
        Document::parse(&flipped).unwrap();
    }
}

#[test]
fn initial_pictures() {
    for game in registry::all() {
        insta::with_settings!({ prepend_module_to_snapshot => false, omit_expression => true }, {
            insta::assert_snapshot!(
                format!("{}__initial_picture", game.name()),
                svg_of(game.initial_state().as_ref())
            );
        });
    }
}
