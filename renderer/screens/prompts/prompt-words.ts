import type { RequestCardWords } from '../common/request-card-words';

// The words of each request panel on this screen: heading, buttons and the notes on its progress.

export const USER_INPUT_WORDS: RequestCardWords = {
  id: 'user-input-heading',
  title: 'Ask the customer to type something',
  send: 'Ask the customer',
  sending: 'Waiting…',
  clear: 'Clear answer',
  what: 'the question',
  waitMessage: 'Waiting for the customer to answer on the terminal…',
};

export const GET_CARD_WORDS: RequestCardWords = {
  id: 'get-card-heading',
  title: 'Read a card without charging it',
  send: 'Read a card',
  sending: 'Waiting…',
  clear: 'Clear',
  what: 'the card request',
  waitMessage: 'Waiting for the customer to present a card…',
};

export const USER_CHOICE_WORDS: RequestCardWords = {
  id: 'user-choice-heading',
  title: 'Ask the customer to choose',
  send: 'Ask the customer',
  sending: 'Waiting…',
  clear: 'Clear answer',
  what: 'the question',
  waitMessage: 'Waiting for the customer to choose on the terminal…',
};

export const CART_WORDS: RequestCardWords = {
  id: 'cart-heading',
  title: 'Show a cart on the customer display',
  send: 'Show on the terminal',
  sending: 'Sending…',
  what: 'the cart',
  waitMessage: 'Sending the cart to the terminal…',
  failTitle: 'The cart was not shown',
};
