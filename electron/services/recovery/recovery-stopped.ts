/** The user stopped a recovery (or the app is closing): the outcome stays unknown. */
export class RecoveryStopped extends Error {
  constructor() {
    super('Recovery was stopped');
    this.name = 'RecoveryStopped';
  }
}
