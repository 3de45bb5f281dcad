//! numpy arrays made from bytes written in Rust. With the stable ABI of Python 3.9 the buffer
//! protocol is not available, so each array is a new `bytearray` written in place
//! (`PyByteArray::new_with`, no copy beyond the writing) and handed to `numpy.frombuffer`,
//! which wraps it without copying; the arrays are writable. numpy's function and dtypes are
//! looked up once.

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyByteArray, PyTuple};

/// The element types handed to numpy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Dtype {
    /// `numpy.uint8`.
    U8,
    /// `numpy.bool_`.
    Bool,
    /// `numpy.int8`.
    I8,
    /// `numpy.float32`.
    F32,
}

impl Dtype {
    fn index(self) -> usize {
        self as usize
    }

    /// Bytes an element takes.
    pub(crate) fn size(self) -> usize {
        match self {
            Dtype::U8 | Dtype::Bool | Dtype::I8 => 1,
            Dtype::F32 => 4,
        }
    }
}

struct Numpy {
    frombuffer: Py<PyAny>,
    dtypes: [Py<PyAny>; 4],
}

static NUMPY: PyOnceLock<Numpy> = PyOnceLock::new();

fn numpy(py: Python<'_>) -> PyResult<&Numpy> {
    NUMPY.get_or_try_init(py, || {
        let np = py.import("numpy")?;
        let dtype = |name: &str| -> PyResult<Py<PyAny>> {
            Ok(np.getattr("dtype")?.call1((name,))?.unbind())
        };
        Ok(Numpy {
            frombuffer: np.getattr("frombuffer")?.unbind(),
            dtypes: [
                dtype("uint8")?,
                dtype("bool")?,
                dtype("int8")?,
                dtype("float32")?,
            ],
        })
    })
}

/// The array of `dtype` and `shape` over `buffer` (of exactly the bytes the shape needs).
pub(crate) fn wrap<'py>(
    py: Python<'py>,
    buffer: &Bound<'py, PyAny>,
    dtype: Dtype,
    shape: &[usize],
) -> PyResult<Bound<'py, PyAny>> {
    let np = numpy(py)?;
    let flat = np
        .frombuffer
        .bind(py)
        .call1((buffer, np.dtypes[dtype.index()].bind(py)))?;
    if shape.len() == 1 {
        return Ok(flat);
    }
    flat.call_method1("reshape", (PyTuple::new(py, shape)?,))
}

/// A new array of `dtype` and `shape` whose bytes `fill` writes (they start at zero).
pub(crate) fn make<'py>(
    py: Python<'py>,
    dtype: Dtype,
    shape: &[usize],
    fill: impl FnOnce(&mut [u8]),
) -> PyResult<Bound<'py, PyAny>> {
    let len = shape.iter().product::<usize>() * dtype.size();
    let buffer = PyByteArray::new_with(py, len, |bytes| {
        fill(bytes);
        Ok(())
    })?;
    wrap(py, buffer.as_any(), dtype, shape)
}

/// A new `bytearray` of `len` bytes that `fill` writes.
pub(crate) fn bytes<'py>(
    py: Python<'py>,
    len: usize,
    fill: impl FnOnce(&mut [u8]),
) -> PyResult<Bound<'py, PyByteArray>> {
    PyByteArray::new_with(py, len, |bytes| {
        fill(bytes);
        Ok(())
    })
}

/// Writes `values` as native-endian `f32` bytes into `out` (4 bytes a value).
pub(crate) fn put_f32(out: &mut [u8], values: impl IntoIterator<Item = f32>) {
    for (chunk, v) in out.chunks_exact_mut(4).zip(values) {
        chunk.copy_from_slice(&v.to_ne_bytes());
    }
}

/// Writes the observation `levels` (planes of `area` bytes) as floats `level / scale` into
/// `out` (4 bytes a value), plane by plane with `factors` (`1 / scale`).
pub(crate) fn levels_to_f32(levels: &[u8], area: usize, factors: &[f32], out: &mut [u8]) {
    for (plane, &factor) in factors.iter().enumerate() {
        let range = plane * area..(plane + 1) * area;
        let (Some(src), Some(dst)) = (
            levels.get(range.clone()),
            out.get_mut(range.start * 4..range.end * 4),
        ) else {
            return;
        };
        put_f32(dst, src.iter().map(|&b| f32::from(b) * factor));
    }
}
