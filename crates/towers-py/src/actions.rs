//! Integer actions: the steps of a turn (`board_kernel::steps::Step`) numbered for a policy
//! head by the kernel's `ActionSpace`, the numbering the batched stepper and the learned
//! players use too. A cell of the game's grid is `row * columns + column` (row 0 at the
//! bottom, as the picture counts), the named choice `i` is `columns * rows + i`, and the
//! finish is the last action. The range is fixed by the game and its options, whatever the
//! position.

use board_kernel::observe::ActionSpace;
use board_kernel::picture::Picture;
use board_kernel::steps::Step;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

/// How one game's steps are numbered, and their names.
pub(crate) struct Actions {
    /// The kernel's numbering.
    pub(crate) space: ActionSpace,
    /// Columns of the grid.
    pub(crate) columns: usize,
    /// Rows of the grid.
    pub(crate) rows: usize,
    /// The named choices.
    choices: &'static [&'static str],
    /// Each grid place's name: the picture cell's square name, or `col,row` where the
    /// picture draws no cell (no legal step ever goes there).
    cell_names: Vec<String>,
}

impl Actions {
    /// The numbering `space`, with the cells named as the game's (initial) `picture` names
    /// them.
    pub(crate) fn new(
        space: ActionSpace,
        picture: &Picture,
        choices: &'static [&'static str],
    ) -> Actions {
        let (columns, rows) = (space.columns, space.rows);
        let mut cell_names: Vec<String> = (0..rows)
            .flat_map(|r| (0..columns).map(move |c| format!("{c},{r}")))
            .collect();
        for cell in &picture.cells {
            let (c, r) = (usize::from(cell.at.col), usize::from(cell.at.row));
            let taken =
                |name: &str| cell_names.iter().any(|n| n == name) || choices.contains(&name);
            if c < columns
                && r < rows
                && !cell.name.is_empty()
                && !taken(&cell.name)
                && cell.name != "finish"
            {
                cell_names[r * columns + c] = cell.name.clone();
            }
        }
        Actions {
            space,
            columns,
            rows,
            choices,
            cell_names,
        }
    }

    /// The number of actions.
    pub(crate) fn count(&self) -> usize {
        self.space.len()
    }

    /// The action of `step` (every step a game offers is on its grid).
    pub(crate) fn of(&self, step: Step) -> usize {
        self.space.action(step).unwrap_or(usize::MAX)
    }

    /// The step of `action`, or why there is none.
    pub(crate) fn step(&self, action: i64) -> Result<Step, String> {
        usize::try_from(action)
            .ok()
            .and_then(|a| self.space.step(a))
            .ok_or_else(|| self.out_of_range(&action.to_string()))
    }

    fn out_of_range(&self, action: &str) -> String {
        format!(
            "action {} is out of range: the actions are 0 to {}",
            board_kernel::excerpt(action),
            self.count() - 1
        )
    }

    /// The step of the Python integer `action` (of any size), or why there is none; a value
    /// that is not an integer (a float, a string, a bool) is a `TypeError`.
    pub(crate) fn step_of(&self, action: &Bound<'_, PyAny>) -> PyResult<Result<Step, String>> {
        Ok(self.index_of(action)?.and_then(|a| self.step(a)))
    }

    /// The Python integer `action` as an `i64`, or why it is out of range; a value that is
    /// not an integer is a `TypeError`.
    pub(crate) fn index_of(&self, action: &Bound<'_, PyAny>) -> PyResult<Result<i64, String>> {
        refuse_bool(action, "an action")?;
        match action.extract::<i64>() {
            Ok(a) => Ok(Ok(a)),
            Err(_) if action.is_instance_of::<pyo3::types::PyInt>() => {
                Ok(Err(self.out_of_range(&action.to_string())))
            }
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
            Step::Cell(_) => self
                .cell_names
                .get(self.of(step))
                .cloned()
                .unwrap_or_else(|| step.to_string()),
            Step::Choice(i) => self
                .choices
                .get(usize::from(i))
                .map_or_else(|| step.to_string(), |c| (*c).to_owned()),
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
            return Ok(self.columns * self.rows + i);
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

/// A `TypeError` for a Python or numpy bool given where `what` (an integer) is expected:
/// `True` is an int to Python, but an action or a player given as a bool is a mistake.
pub(crate) fn refuse_bool(value: &Bound<'_, PyAny>, what: &str) -> PyResult<()> {
    let named = |text: &Bound<'_, pyo3::types::PyString>, names: &[&str]| {
        text.to_cow().is_ok_and(|t| names.contains(&t.as_ref()))
    };
    let is_bool = value.is_instance_of::<pyo3::types::PyBool>()
        || (value
            .get_type()
            .name()
            .is_ok_and(|n| named(&n, &["bool", "bool_"]))
            && value
                .get_type()
                .module()
                .is_ok_and(|m| named(&m, &["numpy"])));
    if is_bool {
        return Err(PyTypeError::new_err(format!(
            "{what} must be an int, not a bool ({value})"
        )));
    }
    Ok(())
}

/// A player number given from Python: 0 or 1, else a `ValueError` (a bool or a non-integer
/// is a `TypeError`).
pub(crate) fn player_of(value: &Bound<'_, PyAny>) -> PyResult<usize> {
    refuse_bool(value, "a player")?;
    let bad = || {
        PyValueError::new_err(format!(
            "no player {}: the players are 0 and 1",
            board_kernel::excerpt(&value.to_string())
        ))
    };
    match value.extract::<i64>() {
        Ok(p @ 0..=1) => Ok(p as usize),
        Ok(_) => Err(bad()),
        Err(_) if value.is_instance_of::<pyo3::types::PyInt>() => Err(bad()),
        Err(e) => Err(e),
    }
}
