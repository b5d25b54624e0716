/**
 * The public reader's script: what a server-rendered guideline page gains with JavaScript. The page reads completely
 * without it (modules/guidelines/reader on the server); nothing of the web app, React or the editor loads here.
 */
import './reader.css';
import { setUpConsentDownloads } from './consent';
import { setUpCopyButtons } from './copy';
import { setUpHash } from './hash';
import { setUpLibraries } from './library';
import { rememberPageHub } from './recent-hubs';
import { setUpTabs } from './tabs';
import { setUpZipButtons } from './zip';

document.documentElement.classList.add('js');
rememberPageHub(document.body);
setUpCopyButtons(document);
setUpTabs(document);
setUpZipButtons(document);
setUpConsentDownloads(document);
setUpLibraries(document);
setUpHash();
