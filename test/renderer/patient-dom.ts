// Every waitFor and findBy* of the screen tests waits as long as the suite's patience
// (test/support/patience.ts) unless it says otherwise: testing-library's default, one second, is
// less than a busy 2-core machine can spend on a screen's first render over fake-indexeddb.
// Imported for this effect by the harnesses (screens-harness, links-harness, form-queries) and by
// any screen test that uses none of them.
import { configure } from '@testing-library/react';
import { PATIENCE_MS } from '../support/patience.ts';

configure({ asyncUtilTimeout: PATIENCE_MS });
