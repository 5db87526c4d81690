//! Zed starts a language server only when an extension registers it: this one registers `catalog lsp --stdio` for YAML
//! files, run with the `node` on PATH from the worktree's own toolkit (docs/editor.md, "Zed").
use zed_extension_api::{self as zed, LanguageServerId, Result};

/// Where a worktree keeps the catalog's CLI: installed as a package, or this repository's own.
const SCRIPTS: [&str; 2] = ["node_modules/payout-catalog/bin/catalog.js", "bin/catalog.js"];

struct PayoutCatalog;

impl zed::Extension for PayoutCatalog {
    fn new() -> Self {
        PayoutCatalog
    }

    fn language_server_command(&mut self, _id: &LanguageServerId, worktree: &zed::Worktree) -> Result<zed::Command> {
        let script = SCRIPTS
            .iter()
            .find(|script| worktree.read_text_file(script).is_ok())
            .ok_or_else(|| "no catalog CLI in this worktree (node_modules/payout-catalog or bin/catalog.js): run npm ci".to_string())?;
        let node = worktree.which("node").ok_or_else(|| "node (20.19 or later) is not on PATH".to_string())?;
        Ok(zed::Command {
            command: node,
            args: vec![format!("{}/{}", worktree.root_path(), script), "lsp".into(), "--stdio".into()],
            env: Default::default(),
        })
    }
}

zed::register_extension!(PayoutCatalog);
