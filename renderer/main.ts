import { mount } from 'svelte';
import App from './App.svelte';
import { appLanguage } from './lib/i18n/language.svelte';
import './styles/app.css';

const target = document.getElementById('app');
if (!target) throw new Error('index.html has no #app element');
// The page opens in the language this PC remembers (or the system's), never English first and
// then another: a local call and, for Spanish, one small chunk. start() never rejects.
void appLanguage.start().then(() => mount(App, { target }));
