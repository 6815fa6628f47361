// The lazily loaded half of the failure UI (see failure-ui.ts).
export { default as FailureCard } from './FailureCard.svelte';
export { default as SignInProblem } from '../auth/SignInProblem.svelte';
