//! `cargo xtask web [--serve]`: the WebAssembly playground.

pub(crate) fn run(_serve: bool, _port: u16) -> Result<(), String> {
    Err("the playground is not built yet".into())
}
