/** Avatar limits of spec 01 §5 / §9: png or jpeg, at most 1048576 bytes. */
export const AVATAR_MAX_BYTES = 1_048_576;
export const AVATAR_TYPES = ['image/png', 'image/jpeg'];

export interface AvatarProblem {
  title: string;
  description: string;
}

export function checkAvatar(file: Pick<File, 'size' | 'type'>): AvatarProblem | null {
  if (!AVATAR_TYPES.includes(file.type)) {
    return { title: 'Wrong file type', description: 'Please choose a png or jpeg image.' };
  }
  if (file.size > AVATAR_MAX_BYTES) {
    return { title: 'File size too large', description: 'Please make sure the image size is less than 1MB.' };
  }
  return null;
}
