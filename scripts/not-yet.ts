// Placeholder for scripts whose feature has not landed yet: says so and fails.
export {};
const name = process.argv[2] ?? 'this script';
console.error(`npm run ${name}: not yet available (see the open issues).`);
process.exit(1);
