export function TaskBoard() {
  return (
    <section aria-label="Tasks" data-testid="task-board">
      <h2>Tasks</h2>
    </section>
  );
}
