/** The words of a RequestCard: its heading, its buttons and the notes of its request's progress. */
export interface RequestCardWords {
  /** The heading's id (it names the form) and text. */
  id: string;
  title: string;
  /** The submit button ("Ask the customer"), and its words while the request is out ("Waiting…"). */
  send: string;
  sending: string;
  /** The button that clears the last answer or failure ("Clear answer"); none when absent. */
  clear?: string;
  /** What was sent, for the notes ("the question"). */
  what: string;
  /** Announced while the request waits on the terminal. */
  waitMessage: string;
  /** The failure notice's title when not the usual one. */
  failTitle?: string;
}
