import * as m from '../i18n/paraglide/messages/_index.js';
import { words, type CodeWords } from './terminal-codes';

// StatusCodes produced by the SPIn proxy in the cloud (docs/PROTOCOL.md §8.2: 20xx, 21xx, 22xx, 23xx).
// For these the request usually never reached the terminal, or its answer never came back.
// Their words are the message catalogue's, as terminal-codes.ts says.

export const proxyCodes: Record<string, CodeWords> = {
  '2001': words(m.code_2001_label, m.code_2001_explanation, m.code_2001_remedy),
  '2002': words(m.code_2002_label, m.code_2002_explanation, m.code_2002_remedy),
  '2003': words(m.code_2003_label, m.code_2003_explanation, m.code_2003_remedy),
  '2004': words(m.code_2004_label, m.code_2004_explanation, m.code_2004_remedy),
  '2005': words(m.code_2005_label, m.code_2005_explanation, m.code_2005_remedy),
  '2006': words(m.code_2006_label, m.code_2006_explanation, m.code_2006_remedy),
  '2007': words(m.code_2007_label, m.code_2007_explanation, m.code_2007_remedy),
  '2008': words(m.code_2008_label, m.code_2008_explanation, m.code_2008_remedy),
  '2009': words(m.code_2009_label, m.code_2009_explanation, m.code_2009_remedy),
  '2010': words(m.code_2010_label, m.code_2010_explanation, m.code_2010_remedy),
  '2011': words(m.code_2011_label, m.code_2011_explanation, m.code_2011_remedy),
  '2101': words(m.code_2101_label, m.code_2101_explanation, m.code_2101_remedy),
  '2102': words(m.code_2102_label, m.code_2102_explanation, m.code_2102_remedy),
  '2110': words(m.code_2110_label, m.code_2110_explanation, m.code_2110_remedy),
  '2201': words(m.code_2201_label, m.code_2201_explanation, m.code_2201_remedy),
  '2301': words(m.code_2301_label, m.code_2301_explanation, m.code_2301_remedy),
};
