import type { RequestCardWords } from '../common/request-card-words';
import { m } from '../../lib/i18n/messages';

// The words of each request panel on this screen: heading, buttons and the notes on its progress.
// Functions, called in the markup, so the words follow a language switch.

export const userInputWords = (): RequestCardWords => ({
  id: 'user-input-heading',
  title: m.prompt_input_title(),
  send: m.prompt_ask_customer(),
  sending: m.prompt_waiting(),
  clear: m.prompt_clear_answer(),
  what: m.prompt_what_question(),
  waitMessage: m.prompt_input_wait(),
});

export const getCardWords = (): RequestCardWords => ({
  id: 'get-card-heading',
  title: m.prompt_card_title(),
  send: m.prompt_card_send(),
  sending: m.prompt_waiting(),
  clear: m.prompt_clear(),
  what: m.prompt_what_card(),
  waitMessage: m.prompt_card_wait(),
});

export const userChoiceWords = (): RequestCardWords => ({
  id: 'user-choice-heading',
  title: m.prompt_choice_title(),
  send: m.prompt_ask_customer(),
  sending: m.prompt_waiting(),
  clear: m.prompt_clear_answer(),
  what: m.prompt_what_question(),
  waitMessage: m.prompt_choice_wait(),
});

export const cartWords = (): RequestCardWords => ({
  id: 'cart-heading',
  title: m.prompt_cart_title(),
  send: m.prompt_show_on_terminal(),
  sending: m.prompt_sending(),
  what: m.prompt_what_cart(),
  waitMessage: m.prompt_cart_wait(),
  failTitle: m.prompt_cart_failed(),
});
