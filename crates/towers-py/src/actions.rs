//! Integer actions: the steps of a turn (`board_kernel::steps::Step`) numbered for a policy
//! head. A cell of the picture grid is `row * columns + column` (row 0 at the bottom, as the
//! picture counts), the named choice `i` is `columns * rows + i`, and the finish is the last
//! action. The range is fixed by the game and its options, whatever the position.

use board_kernel::picture::{Picture, Point};
use board_kernel::steps::Step;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// How one game's steps are numbered, and their names.
pub(crate) struct Actions {
    /// Columns of the picture grid.
    pub(crate) columns: u8,
    /// Rows of the picture grid.
    pub(crate) rows: u8,
    /// The named choices.
    choices: &'static [&'static str],
    /// Each grid place's name: the picture cell's square name, or `col,row` where the
    /// picture draws no cell (no legal step ever goes there).
    cell_names: Vec<String>,
}

impl Actions {
    /// The numbering for the game whose (initial) picture is `picture`.
    pub(crate) fn new(picture: &Picture, choices: &'static [&'static str]) -> Actions {
        let (columns, rows) = (picture.columns, picture.rows);
        let mut cell_names: Vec<String> = (0..usize::from(rows))
            .flat_map(|r| (0..usize::from(columns)).map(move |c| format!("{c},{r}")))
            .collect();
        for cell in &picture.cells {
            let index = usize::from(cell.at.row) * usize::from(columns) + usize::from(cell.at.col);
            let taken =
                |name: &str| cell_names.iter().any(|n| n == name) || choices.contains(&name);
            if index < cell_names.len()
                && !cell.name.is_empty()
                && !taken(&cell.name)
                && cell.name != "finish"
            {
                cell_names[index] = cell.name.clone();
            }
        }
        Actions {
            columns,
            rows,
            choices,
            cell_names,
        }
    }

    /// Grid places.
    pub(crate) fn cells(&self) -> usize {
        usize::from(self.columns) * usize::from(self.rows)
    }

    /// The number of actions.
    pub(crate) fn count(&self) -> usize {
        self.cells() + self.choices.len() + 1
    }

    /// The action of `step`.
    pub(crate) fn of(&self, step: Step) -> usize {
        match step {
            Step::Cell(p) => usize::from(p.row) * usize::from(self.columns) + usize::from(p.col),
            Step::Choice(i) => self.cells() + usize::from(i),
            Step::Finish => self.cells() + self.choices.len(),
        }
    }

    /// The step of `action`, or why there is none.
    pub(crate) fn step(&self, action: i64) -> Result<Step, String> {
        let index = usize::try_from(action)
            .ok()
            .filter(|&a| a < self.count())
            .ok_or_else(|| {
                format!(
                    "action {action} is out of range: the actions are 0 to {}",
                    self.count() - 1
                )
            })?;
        let cells = self.cells();
        Ok(if index < cells {
            let columns = usize::from(self.columns);
            // Both fit in u8: the index is below columns * rows.
            Step::Cell(Point::new((index % columns) as u8, (index / columns) as u8))
        } else if index - cells < self.choices.len() {
            Step::Choice((index - cells) as u8)
        } else {
            Step::Finish
        })
    }

    /// The step of the Python integer `action` (of any size), or why there is none; a value
    /// that is not an integer is a `TypeError`.
    pub(crate) fn step_of(&self, action: &Bound<'_, PyAny>) -> PyResult<Result<Step, String>> {
        match action.extract::<i64>() {
            Ok(a) => Ok(self.step(a)),
            Err(_) if action.is_instance_of::<pyo3::types::PyInt>() => Ok(Err(format!(
                "action {} is out of range: the actions are 0 to {}",
                board_kernel::excerpt(&action.to_string()),
                self.count() - 1
            ))),
            Err(e) => Err(e),
        }
    }

    /// The action's name.
    pub(crate) fn name(&self, action: &Bound<'_, PyAny>) -> PyResult<String> {
        let step = self.step_of(action)?.map_err(PyValueError::new_err)?;
        Ok(self.step_name(step))
    }

    /// A step's name: the cell's square name, the choice's name, `finish`.
    pub(crate) fn step_name(&self, step: Step) -> String {
        match step {
            Step::Cell(_) => self.cell_names[self.of(step)].clone(),
            Step::Choice(i) => self.choices[usize::from(i)].to_owned(),
            Step::Finish => "finish".to_owned(),
        }
    }

    /// The action named `text`.
    pub(crate) fn parse(&self, text: &str) -> PyResult<usize> {
        let text = text.trim();
        if text == "finish" {
            return Ok(self.count() - 1);
        }
        if let Some(i) = self.choices.iter().position(|c| *c == text) {
            return Ok(self.cells() + i);
        }
        if let Some(i) = self.cell_names.iter().position(|c| c == text) {
            return Ok(i);
        }
        Err(PyValueError::new_err(format!(
            "no action is called `{}`: the actions are the cells' names (a1), the choices ({}) and `finish`",
            board_kernel::excerpt(text),
            self.choices.join(", ")
        )))
    }
}
