// The one import of the HL7 v2 library, so the rest of the project depends on this file and
// not on the package. `@medplum/core` (Apache-2.0, pinned exactly, the same version in
// package.json and the import map) gives the message model: parse into segments, fields,
// repetitions and components, serialise back, and build the ACK skeleton. Deno resolves it
// through the import map in supabase/functions/deno.json, Node from node_modules. What the
// library does not do (escape sequences, typed fields, validation) is done in this folder.
export { Hl7Context, Hl7Field, Hl7Message, Hl7Segment } from '@medplum/core';
