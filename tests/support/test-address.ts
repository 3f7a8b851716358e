// A delivery address the tests order to (no database behind it, so browser specs may import it too).
export const TEST_ADDRESS = {
  name: 'Meera Iyer',
  line1: '12 Ganga Vihar',
  line2: '',
  city: 'Haridwar',
  state: 'Uttarakhand',
  pin: '249401',
};
