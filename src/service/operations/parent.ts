/**
 * Calls `gone` once when the process that started this one has died (this process was handed to another parent: init,
 * or a subreaper), as language servers watch their client: a server whose launcher died (an npx, a shell, a
 * supervisor killed with SIGKILL) must not keep its port as an orphan. Returns what stops the watch.
 */
export function watchParent(gone: () => void, intervalMs = 1000): () => void {
  const parent = process.ppid;
  // Started by init itself (pid 1 in a container, or already orphaned): there is no parent to lose.
  if (parent <= 1) return () => {};
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    gone();
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
